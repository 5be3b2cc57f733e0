/**
 * The predictive search, `[/<locale>]/search/suggest.json` (src/http/search-function.ts): its own
 * function so that an instance started by a shopper typing loads the search code and one
 * locale's index, not the storefront function's UCP service, MCP SDK and pages. The storefront
 * functions exclude these paths (`excludedPath`), so each request has one function.
 */
import type { Config } from '@netlify/functions';
import { answerSearch } from '../../src/http/search-function';

export default (request: Request): Promise<Response> => answerSearch(request);

export const config: Config = {
  path: ['/search/suggest.json', '/:locale/search/suggest.json'],
  // Netlify's edge limit (production only), as the storefront function's: search as you type
  // sends a request per letter. Netlify reads this object from the source, so it is written out.
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
