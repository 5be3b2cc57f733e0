/**
 * Methods other than GET and HEAD on the static JSON files (docs/storefront.md "Errors": JSON
 * endpoints always answer JSON). With `preferStatic` the main function never sees a request for
 * a path that has a file, whatever its method, and the static server answers those with a
 * text/plain 405; this entry sends them to the same router, which answers OPTIONS with a CORS
 * preflight (204) and the other methods with a 405 StorefrontError.
 */
import type { Config } from '@netlify/functions';
import storefront from './storefront';

export default storefront;

export const config: Config = {
  path: ['/*.json', '/.well-known/ucp'],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  // The predictive search has its own function (netlify/functions/search.ts).
  excludedPath: ['/search/suggest.json', '/:locale/search/suggest.json'],
};
