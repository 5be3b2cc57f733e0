/**
 * A local stand-in for VIES's REST `check-vat-number` (node:http, a free port on 127.0.0.1): it
 * answers each number the way src/accounts/vies.ts says the Commission's service does, picked by
 * the number asked (`countryCode` + `vatNumber`), and records every request it gets.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers one number. */
export type ViesReply =
  /** JSON with this status (default 200). */
  | { json: unknown; status?: number }
  /** A body of another type, e.g. a proxy's HTML error page. */
  | { text: string; status: number; contentType: string }
  /** Headers only after `ms` milliseconds: an answer too late for the adapter's deadline. */
  | { slow: ViesReply; ms: number }
  /** Status and headers at once, then a body that never ends. */
  | { stall: true }
  /** The connection dropped without any answer. */
  | { drop: true };

/** One request as the server received it. */
export interface ViesRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The body parsed as JSON (the raw text when it is not JSON). */
  body: unknown;
}

export interface ViesServer {
  /** The endpoint to give the adapter. */
  endpoint: string;
  requests: ViesRequest[];
  close(): Promise<void>;
}

/** The answers VIES gives, as its documented shapes (src/accounts/vies.ts). */
export const VIES = {
  valid: (countryCode: string, vatNumber: string, fields: { name: string; address: string; requestIdentifier: string }) => ({
    countryCode, vatNumber, requestDate: '2026-11-20T10:00:00.123Z', valid: true, ...fields,
    traderName: '---', traderStreet: '---', traderPostalCode: '---', traderCity: '---', traderCompanyType: '---',
    traderNameMatch: 'NOT_PROCESSED', traderStreetMatch: 'NOT_PROCESSED', traderPostalCodeMatch: 'NOT_PROCESSED', traderCityMatch: 'NOT_PROCESSED', traderCompanyTypeMatch: 'NOT_PROCESSED',
  }),
  invalid: (countryCode: string, vatNumber: string) => ({
    countryCode, vatNumber, requestDate: '2026-11-20T10:00:01.000Z', valid: false, requestIdentifier: '', name: '---', address: '---',
  }),
  error: (error: string, message?: string) => ({ actionSucceed: false, errorWrappers: [{ error, ...(message && { message }) }] }),
};

/**
 * Starts the server.
 * @param replies the answer for each number, keyed by `countryCode` + `vatNumber` (`DE136308783`);
 *        any other number gets a 404 without a VIES error code
 */
export async function startViesServer(replies: Record<string, ViesReply>): Promise<ViesServer> {
  const requests: ViesRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const reply = (res: ServerResponse, answer: ViesReply): void => {
    if ('slow' in answer) {
      const timer = setTimeout(() => { timers.delete(timer); if (!res.destroyed) reply(res, answer.slow); }, answer.ms);
      timers.add(timer);
    } else if ('stall' in answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"countryCode":');
    } else if ('drop' in answer) {
      res.socket?.destroy();
    } else if ('json' in answer) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
    } else {
      res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text);
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try { body = JSON.parse(text); } catch { /* kept as text: the test sees what was sent */ }
      requests.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], body });
      const { countryCode, vatNumber } = (typeof body === 'object' && body !== null ? body : {}) as { countryCode?: string; vatNumber?: string };
      reply(res, replies[`${countryCode}${vatNumber}`] ?? { json: { message: 'no such test number' }, status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api/check-vat-number`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
