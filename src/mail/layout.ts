/**
 * The frame of every e-mail: one list of content blocks rendered twice, as plain text and as
 * HTML (inline styles only, as mail clients require), followed by a footer with the store's
 * identity and its legal pages (terms of sale, right of withdrawal, privacy, contact) in the
 * message's locale. Amounts are integer cents formatted by src/views/format.ts, the same
 * formatter as the pages, and a label meets its value with the pages' separator (`labelled`).
 */
import type { Store } from '../catalog/schema';
import { type Locale, LOCALE_TAGS } from '../catalog/locales';
import { withoutControlCharacters } from '../commerce/text';
import { formatPrice } from '../views/format';
import { absoluteUrl, localizedPath, paths } from '../catalog/urls';
import { mailUi } from '../i18n/mail-ui';
import { ui as siteUi } from '../i18n/ui';
import { type Html, html } from '../views/html';
import type { MailMessage } from './transport';

/** One piece of content of a message. Amounts in cents, VAT included. */
export type Block =
  | { kind: 'text'; text: string }
  /** A one-time code, shown large. */
  | { kind: 'code'; code: string }
  | { kind: 'table'; head: [string, string, string]; rows: Array<{ label: string; quantity: number; amount: number }>; totals: Array<{ label: string; amount: number; minor?: boolean }> }
  /** Lines under a heading; without one, lines of their own. */
  | { kind: 'section'; heading?: string; lines: string[] }
  | { kind: 'link'; text?: string; label: string; href: string };

export interface MailContent {
  to: string;
  subject: string;
  blocks: Block[];
}

export type MailStore = Pick<Store, 'name' | 'legal_name' | 'contact' | 'pages'>;

const INK = 'color:#1b1f1d';
const CELL = 'padding:6px 4px;border-bottom:1px solid #d5dcd8';

/**
 * A label and its value joined as the pages join them, with src/i18n/ui.ts `colon` of the
 * locale: "Transporteur : La Poste" (a narrow no-break space before the colon in French),
 * "Versanddienstleister: La Poste".
 */
export function labelled(label: string, value: string, locale: Locale): string {
  return `${label}${siteUi(locale).colon}${value}`;
}

function textBlock(block: Block, locale: Locale): string {
  switch (block.kind) {
    case 'text': return block.text;
    case 'code': return `    ${block.code}`;
    case 'section': return block.heading ? [block.heading, ...block.lines.map((l) => `  ${l}`)].join('\n') : block.lines.join('\n');
    case 'link': return `${block.text ? `${block.text} ` : ''}${labelled(block.label, block.href, locale)}`;
    case 'table': return [
      ...block.rows.map((r) => labelled(`${r.quantity} × ${r.label}`, formatPrice(r.amount, locale), locale)),
      ...block.totals.map((x) => `${x.minor ? '  ' : ''}${labelled(x.label, formatPrice(x.amount, locale), locale)}`),
    ].join('\n');
  }
}

function htmlBlock(block: Block, locale: Locale): Html {
  switch (block.kind) {
    case 'text': return html`<p style="margin:0 0 14px">${block.text}</p>`;
    case 'code': return html`<p style="margin:18px 0;font-size:30px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace">${block.code}</p>`;
    case 'section': return html`${block.heading ? html`<h2 style="font-size:16px;margin:18px 0 4px">${block.heading}</h2>` : ''}<p style="margin:0 0 14px">${block.lines.map((l, i) => html`${i ? html`<br>` : ''}${l}`)}</p>`;
    case 'link': return html`<p style="margin:0 0 14px">${block.text ? `${block.text} ` : ''}<a href="${block.href}" style="color:#1d5a3a">${block.label}</a></p>`;
    case 'table': return html`<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px;${INK}">
<tr><th style="${CELL};text-align:left">${block.head[0]}</th><th style="${CELL};text-align:right">${block.head[1]}</th><th style="${CELL};text-align:right">${block.head[2]}</th></tr>
${block.rows.map((r) => html`<tr><td style="${CELL}">${r.label}</td><td style="${CELL};text-align:right">${r.quantity}</td><td style="${CELL};text-align:right;white-space:nowrap">${formatPrice(r.amount, locale)}</td></tr>`)}
${block.totals.map((x) => html`<tr><td colspan="2" style="${CELL}${x.minor ? ';color:#4a524e;font-size:13px' : ''}">${x.label}</td><td style="${CELL};text-align:right;white-space:nowrap${x.minor ? ';color:#4a524e;font-size:13px' : ''}">${formatPrice(x.amount, locale)}</td></tr>`)}
</table>`;
  }
}

/** The label with its first letter upper-cased: the footer lists links as items, where the withdrawal label, written to follow a sentence, starts one. */
function sentenceCase(label: string, locale: Locale): string {
  return label.charAt(0).toLocaleUpperCase(LOCALE_TAGS[locale]) + label.slice(1);
}

/**
 * The content with no control character in any text it shows: stored text (names, address
 * lines of orders taken before such characters were refused) must not forge lines or act on a
 * reader's terminal in the text part.
 */
function cleanContent(content: MailContent): MailContent {
  const c = withoutControlCharacters;
  const block = (b: Block): Block => {
    switch (b.kind) {
      case 'text': return { ...b, text: c(b.text) };
      case 'code': return { ...b, code: c(b.code) };
      case 'section': return { ...b, ...(b.heading ? { heading: c(b.heading) } : {}), lines: b.lines.map(c) };
      case 'link': return { ...b, label: c(b.label), href: c(b.href), ...(b.text ? { text: c(b.text) } : {}) };
      case 'table': return { ...b, rows: b.rows.map((r) => ({ ...r, label: c(r.label) })), totals: b.totals.map((x) => ({ ...x, label: c(x.label) })) };
    }
  };
  return { ...content, subject: c(content.subject), blocks: content.blocks.map(block) };
}

/**
 * Renders a message with the store's footer.
 * @param baseUrl absolute base URL of the store's pages (no trailing slash)
 * @returns the message with its text and HTML parts
 */
export function renderMail(content: MailContent, store: MailStore, locale: Locale, baseUrl: string): MailMessage {
  content = cleanContent(content);
  const ui = mailUi(locale);
  const page = (handle: string) => absoluteUrl(baseUrl, localizedPath(locale, paths.page(handle)));
  const legal = [
    { label: ui.termsLink, href: page(store.pages.terms) },
    { label: sentenceCase(ui.withdrawalLink, locale), href: page(store.pages.returns) },
    { label: ui.privacyLink, href: page(store.pages.privacy) },
    { label: ui.contactLink, href: page(store.pages.contact) },
  ];
  const identity = `${store.legal_name} · ${store.contact.address}`;
  const help = ui.footerHelp({ email: store.contact.email });
  const text = [
    ...content.blocks.map((b) => textBlock(b, locale)),
    '—',
    store.name, identity, help,
    ...legal.map((l) => labelled(l.label, l.href, locale)),
  ].join('\n\n');
  const body = html`<!doctype html><html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${content.subject}</title></head>
<body style="margin:0;padding:0;background:#f2f6f3"><div style="max-width:560px;margin:0 auto;padding:20px;background:#ffffff;font:15px/1.5 Arial,Helvetica,sans-serif;${INK}">
<p style="margin:0 0 16px;font-size:18px;font-weight:700;color:#1d5a3a"><a href="${absoluteUrl(baseUrl, localizedPath(locale, paths.home()))}" style="color:#1d5a3a;text-decoration:none">${store.name}</a></p>
${content.blocks.map((b) => htmlBlock(b, locale))}
<hr style="border:0;border-top:1px solid #d5dcd8;margin:24px 0 12px">
<p style="margin:0 0 6px;font-size:12px;color:#4a524e">${identity}<br>${help}</p>
<p style="margin:0;font-size:12px">${legal.map((l, i) => html`${i ? ' · ' : ''}<a href="${l.href}" style="color:#1d5a3a">${l.label}</a>`)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html: body.value, language: LOCALE_TAGS[locale] };
}
