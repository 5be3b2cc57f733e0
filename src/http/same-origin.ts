/**
 * Cross-site request forgery guard of the function's forms (approval page, cart, checkout):
 * a state-changing POST must come from the store's own pages.
 */

/**
 * True when a POST comes from another site: an `Origin` other than this one or the store's
 * configured one (a privacy-minded "null" is tolerated: `SameSite=Lax` cookies and the forms'
 * hidden values still bind it), or a browser's `Sec-Fetch-Site` other than same-origin.
 * @param baseUrl content/store.yaml `base_url`
 */
export function crossSite(request: Request, url: URL, baseUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null' && origin !== url.origin && origin !== new URL(baseUrl).origin) return true;
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin';
}
