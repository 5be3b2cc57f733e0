/**
 * Form fields of the buyer's pages: a label, the error beside its field (a sentence the screen
 * reader reads with it: `aria-describedby`, `aria-invalid`), the input or the list to choose from.
 */
import { LOCALE_COUNTRIES, type Locale } from '../../catalog/locales';
import type { Store } from '../../catalog/schema';
import { countryName } from '../../views/format';
import { type Html, html } from '../../views/html';

/** The error paragraph above a field and the attributes that tie the field to it and to its hint. */
function described(name: string, error: string | undefined, hint: string | undefined): { before: Html; after: Html; attrs: Html } {
  const ids = [error ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ');
  return {
    before: error ? html`<p class="field-error" id="${name}-error">${error}</p>` : html``,
    after: hint ? html`<p class="small field-hint" id="${name}-hint">${hint}</p>` : html``,
    attrs: html`${error ? html` aria-invalid="true"` : ''}${ids ? html` aria-describedby="${ids}"` : ''}`,
  };
}

/**
 * A labelled input with its error beside it.
 * @param name the input's name and id
 * @param attrs the input's other attributes (type, autocomplete, …)
 * @param optional a hint in brackets after the label ("optional", "6 digits")
 * @param hint a sentence under the input (an example, what it is for)
 */
export function labelledInput(name: string, label: string, value: string, error: string | undefined, attrs: Html, optional?: string, hint?: string): Html {
  const parts = described(name, error, hint);
  return html`<div class="field${error ? ' has-error' : ''}"><label for="${name}">${label}${optional ? html` <span class="small">(${optional})</span>` : ''}</label>
${parts.before}
<input id="${name}" name="${name}" value="${value}" ${attrs}${parts.attrs}>${parts.after}</div>`;
}

/**
 * A labelled list to choose one value from, with its error beside it.
 * @param options in the order shown
 * @param attrs the select's other attributes (autocomplete, …)
 */
export function labelledSelect(name: string, label: string, options: ReadonlyArray<{ value: string; label: string }>, selected: string, error: string | undefined, attrs: Html = html``): Html {
  const parts = described(name, error, undefined);
  return html`<div class="field${error ? ' has-error' : ''}"><label for="${name}">${label}</label>
${parts.before}
<select id="${name}" name="${name}" ${attrs}${parts.attrs}>${options.map((o) => html`<option value="${o.value}"${o.value === selected ? html` selected` : ''}>${o.label}</option>`)}</select></div>`;
}

/** Countries as a list's options: their names in the page's language, alphabetically. */
export function countryOptions(codes: readonly string[], locale: Locale): Array<{ value: string; label: string }> {
  return codes.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The country selected before the person chose one: the locale's, when served, else the store's own. */
export function defaultCountry(store: Pick<Store, 'countries_served' | 'vat'>, locale: Locale): string {
  const guess = LOCALE_COUNTRIES[locale];
  return store.countries_served.includes(guess as never) ? guess : store.vat.origin_country;
}
