/**
 * A document as a printable HTML fragment (the order's documents page wraps it in the buyer
 * pages' shell): the same words as the PDF (view.ts), in a table that stacks on a phone and
 * prints on A4.
 */
import { type Html, html } from '../../views/html';
import type { DocumentView } from './view';

/** A table whose rows stack on a phone, each cell after its column's name (`data-label`, shown by the stylesheet). */
function stacked(className: string, header: readonly string[], rows: ReadonlyArray<readonly string[]>): Html {
  return html`<table class="${className} stacked"><thead><tr>${header.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map((row) => html`<tr>${row.map((cell, i) => html`<td data-label="${i ? header[i] : ''}">${cell}</td>`)}</tr>`)}</tbody></table>`;
}

/**
 * The body of a document's page.
 * @param pdfUrl the link to its PDF
 * @param pdfLabel the words of that link
 */
export function documentHtml(view: DocumentView, pdfUrl: string, pdfLabel: string): Html {
  const lines = (l: readonly string[]) => l.map((x, i) => (i ? html`<br>${x}` : html`${x}`));
  return html`<article class="document">
<h1>${view.title}</h1>
<dl class="doc-facts">${view.facts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
<div class="doc-parties"><section><h2>${view.seller.heading}</h2><p>${lines(view.seller.lines)}</p></section><section><h2>${view.buyer.heading}</h2><p>${lines(view.buyer.lines)}</p></section></div>
${stacked('doc-lines', view.header, view.rows)}
${view.rebates ? html`<table class="doc-rebates"><caption>${view.rebates.heading}</caption><tbody>${view.rebates.rows.map(([k, v]) => html`<tr><th scope="row">${k}</th><td>${v}</td></tr>`)}</tbody></table>` : ''}
<h2>${view.vat.heading}</h2>
${stacked('doc-vat', view.vat.header, view.vat.rows)}
<table class="doc-totals"><tbody>${view.totals.map(([k, v], i) => html`<tr${i === view.totals.length - 1 ? html` class="total"` : ''}><th scope="row">${k}</th><td>${v}</td></tr>`)}</tbody></table>
${view.notes.map((n) => html`<p class="doc-note">${n}</p>`)}
<p class="doc-actions"><a href="${pdfUrl}" download>${pdfLabel}</a></p>
</article>`;
}
