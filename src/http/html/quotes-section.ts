/**
 * The account page's quotes (src/checkout/quotes.ts): each quote of the member's business with
 * its date, total and status, linked to its page; shown to members of an approved business only.
 */
import { type Locale, localePrefix } from '../../catalog/locales';
import { type QuoteRecord, quoteStatus } from '../../commerce/quotes';
import { quotesUi } from '../../i18n/quotes-ui';
import { formatDate, formatPrice } from '../../views/format';
import { type Html, html } from '../../views/html';

/**
 * The quotes section.
 * @param now epoch ms: what "expired" means
 */
export function quotesSection(locale: Locale, quotes: readonly QuoteRecord[], now: number): Html {
  const ui = quotesUi(locale);
  const date = (iso: string) => formatDate(iso, locale);
  const status = (q: QuoteRecord) => {
    const s = quoteStatus(q, now);
    return s === 'open' ? ui.statusOpen({ date: date(q.valid_until) }) : s === 'ordered' ? ui.statusOrdered : ui.statusExpired;
  };
  const items = quotes.map((q) => html`<li data-quote="${q.number}"><a href="${localePrefix(locale)}/account/quotes/${q.id}">${ui.listRow({ number: q.number, date: date(q.issued_at), total: formatPrice(q.data.totals.gross, locale) })}</a> — ${status(q)}</li>`);
  return html`<section class="quotes"><h2>${ui.listTitle}</h2>${quotes.length ? html`<ul class="quote-list">${items}</ul>` : html`<p>${ui.listNone}</p>`}</section>`;
}
