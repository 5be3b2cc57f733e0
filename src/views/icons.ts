/** Icons drawn inline by the static pages (Astro components) and the function's pages (src/http/html) alike, so both headers show one drawing. */

/** The cart: a trolley, 24 × 24, in the text's colour, hidden from assistive technology (the link carries the name). */
export const CART_ICON_SVG = '<svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M2.5 3.5h2.8l2.4 11h10.8L21 7H6.3"/><circle cx="9.5" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/></g></svg>';
