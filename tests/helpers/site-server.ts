/**
 * The whole site on one local server, as Netlify serves it: static files from dist/, and every
 * path of the function's `config.path` without a static file answered by the function's handler
 * in-process (its slim snapshot and per-locale text, as netlify/functions/storefront.ts builds
 * them; no state store, so availability is the stock counted in content).
 */
import { config } from '../../netlify/functions/storefront';
import { createHandler } from '../../src/http/router';
import { localeCatalogs, readFunctionCatalog } from '../../src/catalog/locale-catalogs';
import { serveDist } from './static-server';
import type { UcpService } from '../../src/ucp/service';

/**
 * Starts the server on a free port of 127.0.0.1 (see serveDist).
 * @param ucp the UCP service behind the MCP endpoint, the buyer's pages and the cart and
 *        checkout pages (default: none, those paths answer without state)
 */
export function serveSite(ucp?: UcpService): ReturnType<typeof serveDist> {
  const catalog = readFunctionCatalog();
  const handler = createHandler({ catalog, catalogFor: localeCatalogs(catalog).catalogFor, ucp });
  const paths = config.path === undefined ? [] : Array.isArray(config.path) ? config.path : [config.path];
  return serveDist({ handler: (request) => handler(request), paths });
}
