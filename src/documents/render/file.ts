/**
 * The PDF file of a document as people receive it (its page's link, its e-mail): the PDF of
 * pdf.ts, and for a business buyer (an organisation's order, or a VAT number) its Factur-X form,
 * with the EN 16931 data embedded for the buyer's accounting (facturx.ts).
 */
import type { DocumentRecord } from '../../commerce/documents';
import { LOCALE_TAGS, localeOr } from '../../catalog/locales';
import { documentView } from './view';

/**
 * The PDF of `document`.
 * @param producer the seller's name (the PDF's author)
 * @returns the file's bytes and name (`FA-2026-000123.pdf`)
 */
export async function documentFile(document: DocumentRecord, producer: string): Promise<{ filename: string; content: Buffer }> {
  // Loaded on first use: PDFKit and the Factur-X library would weigh on every cold start of the function.
  const { documentPdf } = await import('./pdf');
  const pdf = await documentPdf(documentView(document), producer, document.issued_at);
  const content = document.data.buyer.organisation || document.data.buyer.vat_number
    ? await (await import('./facturx')).facturXPdf(document, pdf, LOCALE_TAGS[localeOr(document.data.locale)].toLowerCase())
    : pdf;
  return { filename: `${document.number}.pdf`, content };
}
