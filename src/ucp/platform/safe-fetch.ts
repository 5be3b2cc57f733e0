/**
 * Reaching a URL a platform gave us (its UCP profile, its order webhook) without letting it
 * point the server at internal services (SSRF; docs/agent-commerce.md "Platform profiles"):
 * https only, no redirects, a short timeout, a size limit, and no private, loopback,
 * link-local or otherwise reserved address. The address check runs inside the connection's DNS
 * lookup, so the address that is checked is the address that is connected to (no DNS-rebinding
 * window). `allowInsecure` (local `netlify dev` and tests only) also allows http and local addresses.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isLoopbackHost } from '../../net/loopback';

export interface SafeFetchOptions {
  /** Allow http URLs and local/private addresses (NETLIFY_DEV or tests only). */
  allowInsecure: boolean;
  /** Whole-request deadline in milliseconds. */
  timeoutMs: number;
  /** Largest accepted body in bytes. */
  maxBytes: number;
  /** DNS resolver (default node:dns lookup); tests inject one. */
  lookup?: typeof dnsLookup;
}

/** Why a fetch was refused: `url` (the URL itself is not acceptable), `network` (fetching failed), `body` (not JSON). */
export class FetchRefused extends Error {
  constructor(readonly kind: 'url' | 'network' | 'body', message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
// `::/96` (IPv4-compatible, deprecated by RFC 4291 §2.5.5.1; includes `::` and `::1`) is refused whole.
for (const [net, prefix] of [
  ['::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

// Kept apart: Node's BlockList matches IPv4 queries against IPv4-mapped IPv6 rules, so this
// rule in `blocked` would refuse every IPv4 address.
const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * IPv6 ranges that carry an IPv4 address the packets end up at: NAT64's well-known prefix
 * `64:ff9b::/96` (RFC 6052, IPv4 in the last 32 bits) and 6to4 `2002::/16` (RFC 3056, IPv4 in
 * bits 16-47). They are as safe as that IPv4 address, so it is checked like any other.
 */
const EMBEDDING: ReadonlyArray<{ net: string; prefix: number; word: number }> = [
  { net: '64:ff9b::', prefix: 96, word: 6 },
  { net: '2002::', prefix: 16, word: 1 },
];
const embedding = EMBEDDING.map((e) => {
  const list = new BlockList();
  list.addSubnet(e.net, e.prefix, 'ipv6');
  return { list, word: e.word };
});

/** The eight 16-bit words of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Words(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address a NAT64 or 6to4 IPv6 address leads to, or undefined for other addresses. */
export function embeddedIpv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  const range = embedding.find((e) => e.list.check(address, 'ipv6'));
  if (!range) return undefined;
  const words = ipv6Words(address);
  const [hi, lo] = [words[range.word], words[range.word + 1]];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/**
 * True for an address that must never be fetched from production: private, loopback,
 * link-local, CGNAT, multicast, reserved, IPv4-mapped, IPv4-compatible, and NAT64 or 6to4
 * addresses whose embedded IPv4 address is one of those; also anything that is not an IP address.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6') || mapped.check(address, 'ipv6')) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== undefined && blocked.check(v4, 'ipv4');
}

/**
 * Checks a URL before any network access.
 * @returns the parsed URL
 * @throws FetchRefused(kind 'url') for a malformed URL, a scheme other than https (http too
 *         when insecure is allowed), credentials in the URL, or a literal forbidden address/localhost.
 */
export function checkProfileUrl(raw: string, allowInsecure: boolean, what = 'profile'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('url', `"${raw}" is not an absolute URL`);
  }
  const schemes = allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new FetchRefused('url', `${what} URLs must use https (got ${url.protocol.replace(':', '')})`);
  if (url.username || url.password) throw new FetchRefused('url', `${what} URLs must not carry credentials`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowInsecure && (isLoopbackHost(host) || (isIP(host) && isForbiddenAddress(host)))) {
    throw new FetchRefused('url', `${what} host ${host} is a local or private address`);
  }
  return url;
}

/** A DNS lookup that refuses forbidden addresses; used as the connection's `lookup`. */
function guardedLookup(resolve: typeof dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => isForbiddenAddress(a.address));
      if (bad || list.length === 0) {
        // The resolved address is not echoed: the refusal reaches the caller, and internal addresses are not theirs to learn.
        return callback(Object.assign(new Error(`${hostname} resolves to a forbidden address`), { code: 'EFORBIDDENADDRESS' }), '');
      }
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}

/** An HTTP answer read under the safety rules: status and body (at most `maxBytes`). */
export interface SafeResponse {
  status: number;
  body: Buffer;
}

/**
 * Sends one request under the safety rules and reads the answer.
 * @param what names the URL in refusals ("profile", "webhook")
 * @returns the status and body of any non-redirect answer
 * @throws FetchRefused: `url` (see checkProfileUrl), `network` (DNS, forbidden address,
 *         connection, timeout, redirect, body over `maxBytes`)
 */
export function requestSafely(raw: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: Buffer | string }, options: SafeFetchOptions, what = 'profile'): Promise<SafeResponse> {
  const url = checkProfileUrl(raw, options.allowInsecure, what);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const resolve = options.lookup ?? dnsLookup;
  return new Promise((done, fail) => {
    const refuse = (message: string) => fail(new FetchRefused('network', message));
    const req = request(url, {
      method: init.method,
      headers: { 'user-agent': 'poissons-et-pousses-ucp/1', ...init.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(options.allowInsecure ? {} : { lookup: guardedLookup(resolve) as never }),
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      refuse(error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : error.message);
    });
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        return refuse(`the ${what} URL redirects (HTTP ${status}); redirects are not followed`);
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        req.destroy();
        return refuse(`the ${what} answer is larger than ${options.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          req.destroy();
          refuse(`the ${what} answer is larger than ${options.maxBytes} bytes`);
        } else chunks.push(chunk);
      });
      res.on('end', () => {
        if (size <= options.maxBytes) done({ status, body: Buffer.concat(chunks) });
      });
      res.on('error', (error) => refuse(error.message));
    });
    req.end(init.body);
  });
}

/**
 * GETs a JSON document under the safety rules.
 * @returns the parsed JSON value
 * @throws FetchRefused: `url` (see checkProfileUrl), `network` (DNS, forbidden address,
 *         connection, timeout, redirect, status other than 200, body over `maxBytes`), `body` (not JSON)
 */
export async function fetchJsonSafely(raw: string, options: SafeFetchOptions): Promise<unknown> {
  const res = await requestSafely(raw, { method: 'GET', headers: { accept: 'application/json' } }, options);
  if (res.status !== 200) throw new FetchRefused('network', `HTTP ${res.status}`);
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new FetchRefused('body', 'the profile is not valid JSON');
  }
}
