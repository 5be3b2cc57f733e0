/**
 * A tiny static server over dist/ for browser tests, answering like the CDN does for the HTML
 * storefront: a directory serves its index.html, an unknown path gets the 404 page of its locale
 * (the status-404 rules of netlify.toml) or dist/404.html, with status 404. GET/HEAD only.
 */
import { createServer, type Server } from 'node:http';
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
  if (existsSync(full) && statSync(full).isFile()) return full;
  const index = join(full, 'index.html');
  return existsSync(index) ? index : null;
}

/** Starts the server on a free port of 127.0.0.1; resolves with its origin and a close function. */
export async function serveDist(): Promise<{ origin: string; close: () => Promise<void>; server: Server }> {
  const rules = notFoundRules();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
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
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
