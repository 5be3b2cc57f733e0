/**
 * A tiny static server over dist/ for browser tests, answering like the CDN does for the HTML
 * storefront: a directory serves its index.html, an unknown path gets the 404 page of its locale
 * (the status-404 rules of netlify.toml) or dist/404.html, with status 404; static files answer
 * GET and HEAD only.
 * Given the function's handler and `config.path`, it also answers as Netlify with
 * `preferStatic`: a path without a static file that matches a function path goes to the handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { DIST } from './storefront';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** `from` prefix → 404 page path, from netlify.toml's status-404 rules (e.g. "/en/" → "/en/404/"). */
function notFoundRules(): Array<[string, string]> {
  const config = parseToml(readFileSync('netlify.toml', 'utf8')) as { redirects?: Array<{ from: string; to: string; status?: number }> };
  return (config.redirects ?? []).filter((r) => r.status === 404 && r.from.endsWith('/*')).map((r) => [r.from.slice(0, -1), r.to]);
}

function fileFor(pathname: string): string | null {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const full = join(DIST, safe);
  if (!full.startsWith(DIST)) return null;
  // As Netlify's static lookup: a file asked with a trailing slash ("/products.json/") is that file.
  const bare = full.replace(/[/\\]+$/, '');
  if (existsSync(bare) && statSync(bare).isFile()) return bare;
  const index = join(full, 'index.html');
  return existsSync(index) ? index : null;
}

/** The function behind the static files: its handler and its `config.path` list (Netlify path patterns). */
export interface FunctionRoutes {
  handler: (request: Request) => Promise<Response>;
  paths: readonly string[];
}

/**
 * A Netlify function path (`/:locale/search`, `/products/*.json`) as a regular expression, with an
 * optional trailing slash as Netlify compiles it (zip-it-and-ship-it `getRoutes`: `…\/?$`).
 */
export function functionPathPattern(path: string): RegExp {
  const source = path.split(/(\*|:[a-z]+)/).map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}\\/?$`);
}

async function answerWith(fn: FunctionRoutes, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const method = req.method ?? 'GET';
  const chunks: Buffer[] = [];
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  // The origin the browser used (127.0.0.1 or localhost, on this port), as Netlify passes the Host it was reached at.
  const host = /^(127\.0\.0\.1|localhost):\d+$/.test(req.headers.host ?? '') ? `http://${req.headers.host}` : origin;
  const response = await fn.handler(new Request(new URL(req.url ?? '/', host), { method, headers: req.headers as Record<string, string>, body }));
  // Each Set-Cookie stays its own header (a plain object of the headers would keep only the last).
  const headers: Record<string, string | string[]> = Object.fromEntries([...response.headers].filter(([name]) => name !== 'set-cookie'));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  res.end(method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
}

/** Starts the server on a free port of 127.0.0.1; resolves with its origin and a close function. */
export async function serveDist(fn?: FunctionRoutes): Promise<{ origin: string; close: () => Promise<void>; server: Server }> {
  const rules = notFoundRules();
  const patterns = (fn?.paths ?? []).map(functionPathPattern);
  let origin = '';
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const toFunction = fn && !fileFor(pathname) && patterns.some((p) => p.test(pathname));
    // Static files answer GET and HEAD; the function answers every method of its paths (the buyer's forms post).
    if (req.method !== 'GET' && req.method !== 'HEAD' && !toFunction) {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (fn && toFunction) {
      answerWith(fn, req, res, origin).catch((e) => res.writeHead(502).end(String(e)));
      return;
    }
    let file = fileFor(pathname);
    let status = 200;
    if (!file) {
      status = 404;
      const rule = rules.find(([prefix]) => pathname.startsWith(prefix));
      file = fileFor(rule ? rule[1] : '/404.html');
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('static server has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    server,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
