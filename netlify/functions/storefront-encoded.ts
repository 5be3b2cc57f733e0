/**
 * JSON paths with an encoded slash (`/products/..%2Fproducts.json`, `/collections/a%2Fb/products.json`).
 * The main function's `preferStatic` check decodes the path first, so such a path can look like
 * another, existing file and be handed to the static server, which answers the HTML 404 page.
 * No static file has `%2F` in its name, so this entry (no `preferStatic`) sends them all to the
 * same router, which answers a JSON 404: a handle never contains a slash.
 */
import type { Config } from '@netlify/functions';
import storefront from './storefront';

export default storefront;

export const config: Config = {
  path: ['/*%2f*.json', '/*%2F*.json'],
};
