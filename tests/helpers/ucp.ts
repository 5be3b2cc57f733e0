/**
 * Driving the MCP endpoint in-process: a handler built like netlify/functions/storefront.ts
 * on the test file's own PostgreSQL database, raw JSON-RPC calls, tool calls whose UCP result is
 * validated against the official schemas, the official MCP SDK client, and a local http server
 * for platform profiles.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { CAPABILITIES, UCP_VERSIONS } from '../../src/ucp/version';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHandler } from '../../src/http/router';
import { createUcpService, type UcpService, type UcpServiceOptions } from '../../src/ucp/service';
import { testMailer } from './mail';
import type { Db } from '../../src/state/db';
import { expectUcpValid, validatorForResult } from './ucp-schemas';
import { testDb } from './db';
import { catalog, findVariant } from './content';

export { catalog, findVariant };
export const ENDPOINT = 'http://localhost:8888/api/ucp/mcp';

export type Handler = (request: Request) => Promise<Response>;

/**
 * A storefront handler with the UCP service on `db` (default: a new database for the calling
 * test file); profiles over http/loopback allowed; e-mails sent over SMTP to the file's mailbox
 * (tests/helpers/mail.ts). Rate limiting only when `rateLimiter` is given. A `catalog` given
 * (the content's with test offers, say) serves both the UCP service and the pages.
 *
 * The work a request leaves for after its response (delivering the messages it queued,
 * src/http/router.ts) runs as Netlify runs `context.waitUntil` work: before the instance takes
 * its next request. So the handler resolves once that work is done, and a test sees a request's
 * messages delivered (or their failed attempt recorded) when the call returns.
 */
export function ucpHandler(options: Partial<UcpServiceOptions> & { rateLimiter?: Parameters<typeof createHandler>[0]['rateLimiter'] } = {}): { handler: Handler; db: Db; ucp: UcpService } {
  const { rateLimiter, ...serviceOptions } = options;
  const db = options.db ?? testDb();
  const ucp = createUcpService({ catalog, allowInsecureProfiles: true, mailer: testMailer(), ...serviceOptions, db });
  const handle = createHandler({ catalog: options.catalog ?? catalog, ucp, rateLimiter });
  const handler: Handler = async (request) => {
    const after: Promise<unknown>[] = [];
    const response = await handle(request, { waitUntil: (work) => after.push(work) });
    await Promise.all(after);
    return response;
  };
  return { handler, db, ucp };
}

/** POSTs a body (object → JSON) to the endpoint. */
export async function post(handler: Handler, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await handler(new Request(ENDPOINT, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

let nextId = 1;

/** `tools/call` over raw JSON-RPC; returns the HTTP status and the JSON-RPC body. */
export function callRaw(handler: Handler, name: string, args: unknown, headers?: Record<string, string>) {
  return post(handler, { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } }, { 'content-type': 'application/json', ...headers });
}

/**
 * `tools/call` expecting a result: checks HTTP 200, no `isError`, the text content equal to
 * `structuredContent`, and the UCP payload valid against the official schema of the tool at the
 * version the payload declares (`ucp.version`).
 * @returns the UCP payload
 */
export async function callTool(handler: Handler, name: string, args: unknown): Promise<any> {
  const { status, body } = await callRaw(handler, name, args);
  expect(body.error, JSON.stringify(body.error)).toBeUndefined();
  expect(status).toBe(200);
  const { structuredContent, content, isError } = body.result;
  expect(isError).toBeUndefined();
  expect(JSON.parse(content[0].text)).toEqual(structuredContent);
  expectUcpValid(validatorForResult(name, structuredContent), structuredContent, `${name} result`);
  return structuredContent;
}

/** An official MCP SDK client connected to the handler in-process. */
export async function sdkClient(handler: Handler): Promise<Client> {
  const client = new Client({ name: 'vitest', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(ENDPOINT), { fetch: (url, init) => handler(new Request(url, init)) });
  await client.connect(transport);
  return client;
}

/** A platform-profile server on 127.0.0.1: `routes` maps paths to handlers; returns its base URL. */
export async function profileServer(routes: Record<string, (res: import('node:http').ServerResponse) => void>): Promise<{ url: string; hits: Record<string, number>; close: () => Promise<void> }> {
  const hits: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    const route = routes[path];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** A platform profile at `version` declaring `capabilities` (name → versions). */
export function platformProfile(version: string, capabilities: Record<string, string[]>) {
  return {
    ucp: {
      version,
      services: { 'dev.ucp.shopping': [{ version, transport: 'mcp', spec: 'https://ucp.dev/specification/overview', schema: 'https://ucp.dev/services/shopping/mcp.openrpc.json' }] },
      capabilities: Object.fromEntries(Object.entries(capabilities).map(([name, versions]) => [name, versions.map((v) => ({ version: v, spec: 'https://ucp.dev/spec', schema: 'https://ucp.dev/schema.json' }))])),
      payment_handlers: {},
    },
  };
}

/**
 * For the calling test file: a platform-profile server with one profile per UCP version, each
 * declaring every capability of the store at that version (served at `/agent-<version>.json`),
 * started before the file's tests and closed after them.
 * @returns the URL of the profile of a version (valid once the file's tests run)
 */
export function agentProfilesEachVersion(): (version: string) => string {
  let profiles: Awaited<ReturnType<typeof profileServer>> | undefined;
  beforeAll(async () => {
    profiles = await profileServer(Object.fromEntries(UCP_VERSIONS.map((v) => [
      `/agent-${v}.json`,
      (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(platformProfile(v, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [v]]))))),
    ])));
  });
  afterAll(() => profiles?.close());
  return (version) => `${profiles!.url}/agent-${version}.json`;
}
