/**
 * HTML with escaping by construction, for the pages the function renders and the HTML part of
 * e-mails: a tagged template that escapes every interpolated value except `Html` fragments.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * ` key="value"`, an element's attribute as Astro writes it (`addAttribute` of astro/runtime):
 * nothing for null or undefined, the bare key for an empty string, else the value with `&` and
 * `"` escaped, for markup that static pages build as text and must match what Astro wrote. An
 * `Html` fragment: kept as is inside `html`, its text inside a template literal.
 */
export function attribute(key: string, value: string | null | undefined): Html {
  if (value == null) return new Html('');
  if (value === '') return new Html(` ${key}`);
  return new Html(` ${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
}

/** A tagged template that escapes every interpolated value except `Html` fragments. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = string | number | Html | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** `html\`<p>${text}</p>\``: interpolations are escaped, arrays joined, Html kept as is. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}
