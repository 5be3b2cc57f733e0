/**
 * A document as a PDF (A4), laid out by PDFKit from the same words as its HTML page (view.ts).
 * The text is set in DejaVu Sans, embedded (subset), which covers the Latin, Czech, Polish and
 * Cyrillic letters of the 12 locales; PDFKit's built-in fonts only know WinAnsi.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import type { DocumentView } from './view';

const FONTS = join('node_modules', 'dejavu-fonts-ttf', 'ttf');

/**
 * The folder of the DejaVu fonts: under the working directory (npm start, tests), else under
 * `$LAMBDA_TASK_ROOT`, where Netlify puts the function's `included_files` (netlify.toml).
 */
function fontDir(): string {
  const candidates = [resolve(FONTS), ...(process.env.LAMBDA_TASK_ROOT ? [join(process.env.LAMBDA_TASK_ROOT, FONTS)] : [])];
  return candidates.find((dir) => existsSync(join(dir, 'DejaVuSans.ttf'))) ?? candidates[0];
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The two faces, read once per process (about 1.4 MB). */
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const dir = fontDir();
    fonts = { regular: readFileSync(join(dir, 'DejaVuSans.ttf')), bold: readFileSync(join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

const MARGIN = 48;
const GREY = '#4a524e';

/**
 * The PDF of a document.
 * @param producer the PDF's Author and Creator (the seller's name)
 * @param issuedAt ISO 8601: the PDF's creation date, so a document's PDF is the same file each time
 * @returns the PDF's bytes
 */
export async function documentPdf(view: DocumentView, producer: string, issuedAt: string): Promise<Buffer> {
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({
    size: 'A4', margin: MARGIN, lang: view.locale, displayTitle: true, font: null as unknown as string,
    info: { Title: view.title, Author: producer, Creator: producer, Producer: producer, CreationDate: new Date(issuedAt), ModDate: new Date(issuedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(18).text(view.title);
  doc.moveDown(0.4).font('regular').fontSize(9).fillColor(GREY);
  for (const [k, v] of view.facts) doc.text(`${k}${view.colon}${v}`);
  doc.fillColor('black').moveDown();

  // Seller and buyer side by side.
  const top = doc.y;
  const column = (x: number, block: { heading: string; lines: string[] }) => {
    doc.font('bold').fontSize(10).text(block.heading, x, top, { width: width / 2 - 12 });
    doc.font('regular').fontSize(9).text(block.lines.join('\n'), x, doc.y, { width: width / 2 - 12 });
    return doc.y;
  };
  const bottom = Math.max(column(MARGIN, view.seller), column(MARGIN + width / 2 + 12, view.buyer));
  doc.y = bottom + 16;

  // A table row: the first cell left-aligned, the others right-aligned, a rule under it.
  const row = (cells: readonly string[], font: 'regular' | 'bold', widths: readonly number[]) => {
    doc.font(font).fontSize(font === 'bold' ? 8.5 : 9);
    const y = doc.y;
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, i) => {
      const options = { width: widths[i] - 6, align: i === 0 ? 'left' : 'right' } as const;
      height = Math.max(height, doc.heightOfString(cell, options));
      doc.text(cell, x, y, options);
      x += widths[i];
    });
    doc.y = y + height + 4;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.5).strokeColor('#d5dcd8').stroke();
    doc.x = MARGIN;
  };
  const lineWidths = [width - 280, 54, 92, 44, 90];
  row(view.header, 'bold', lineWidths);
  for (const r of view.rows) row(r, 'regular', lineWidths);
  doc.moveDown();

  // The rebates granted, under the lines they were taken off (already after them).
  if (view.rebates) {
    doc.font('bold').fontSize(10).text(view.rebates.heading, MARGIN, doc.y, { width }).moveDown(0.3);
    for (const r of view.rebates.rows) row(r, 'regular', [width - 110, 110]);
    doc.moveDown();
  }

  // Totals, right-aligned; the last (incl. VAT) in bold.
  view.totals.forEach(([k, v], i) => {
    const font = i === view.totals.length - 1 ? 'bold' : 'regular';
    const y = doc.y;
    doc.font(font).fontSize(10).text(k, MARGIN, y, { width: width - 120, align: 'right' });
    doc.text(v, MARGIN + width - 110, y, { width: 110, align: 'right' });
    doc.x = MARGIN;
  });
  doc.moveDown();

  doc.font('bold').fontSize(10).text(view.vat.heading, MARGIN, doc.y, { width }).moveDown(0.3);
  const vatWidths = [width / 4, width / 4, width / 4, width / 4];
  row(view.vat.header, 'bold', vatWidths);
  for (const r of view.vat.rows) row(r, 'regular', vatWidths);
  doc.moveDown();
  doc.font('regular').fontSize(9);
  for (const note of view.notes) doc.text(note, MARGIN, doc.y, { width }).moveDown(0.3);
  doc.end();
  return done;
}
