/**
 * Factur-X (EN 16931 profile): the PDF of a document with its EN 16931 data embedded as CII XML,
 * a PDF/A-3 an accounting system reads without retyping (../shared/docs/business.md "Electronic
 * invoicing"). The data is written in the internal format of `@e-invoice-eu/core` (UBL element
 * names as JSON), which checks it against EN 16931's cardinalities for the profile (its JSON
 * Schema, ajv), then writes the CII and the PDF/A-3. Codes: UNTDID 1001 (380 invoice, 381 credit
 * note), UNTDID 5305 (VAT categories S standard, G export), UNTDID 4461 (48 bank card), UN/ECE
 * rec. 20 (C62 unit), ISO 6523 ICD 0002 (SIREN).
 */
import { InvoiceService } from '@e-invoice-eu/core';
import type { DocumentRecord, VatGroup } from '../../commerce/documents';
import type { Address } from '../../commerce/address';
import { toDecimal } from '../../commerce/money';

type Invoice = Parameters<InvoiceService['generate']>[0];

/** The VAT category of a rate under the document's regime, with the exemption's reason (BT-120/121) when no VAT is charged. */
function category(doc: DocumentRecord, rate: number): Record<string, unknown> {
  if (doc.data.regime === 'intra_eu' && rate === 0) return { 'cbc:ID': 'K', 'cbc:Percent': '0', 'cbc:TaxExemptionReasonCode': 'VATEX-EU-IC', 'cbc:TaxExemptionReason': 'Exonération de TVA, article 262 ter I du CGI', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  if (doc.data.regime === 'export') return { 'cbc:ID': 'G', 'cbc:Percent': '0', 'cbc:TaxExemptionReasonCode': 'VATEX-EU-G', 'cbc:TaxExemptionReason': 'Exportation, article 262 I du CGI', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  return { 'cbc:ID': 'S', 'cbc:Percent': String(rate), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/** The VAT category of a line (BG-30): its code and rate only, the exemption's reason is the breakdown's (BG-23). */
function lineCategory(doc: DocumentRecord, rate: number): Record<string, unknown> {
  const { 'cbc:TaxExemptionReasonCode': _code, 'cbc:TaxExemptionReason': _reason, ...line } = category(doc, rate);
  return line;
}

function postal(address: Address): Record<string, unknown> {
  return {
    ...(address.street_address ? { 'cbc:StreetName': address.street_address } : {}),
    ...(address.extended_address ? { 'cbc:AdditionalStreetName': address.extended_address } : {}),
    ...(address.address_locality ? { 'cbc:CityName': address.address_locality } : {}),
    ...(address.postal_code ? { 'cbc:PostalZone': address.postal_code } : {}),
    'cac:Country': { 'cbc:IdentificationCode': address.address_country ?? 'FR' },
  };
}

const amount = (cents: number) => toDecimal(cents);

/**
 * The invoice note (BT-22, one only outside Germany) stating the rebates granted, in French as the
 * payment terms' note: the lines' amounts (BT-131) are already after them, so they are told, not
 * written as document-level allowances (BG-20), which would be subtracted a second time.
 */
function rebatesNote(doc: DocumentRecord): Record<string, unknown> {
  const rebates = doc.data.discounts ?? [];
  if (!rebates.length) return {};
  const each = rebates.map((d) => `${d.title.fr}${d.code ? ` (code ${d.code})` : ''}\u202f: ${amount(d.amount)} ${doc.data.currency} TTC`);
  return { 'cbc:Note': [`Remises accordées, déduites des montants des lignes\u202f: ${each.join('\u202f; ')}.`] };
}

/**
 * How it is paid (BG-16): a card (code 48, its last digits), or a credit transfer (code 58) to
 * the store's IBAN quoting the reference; nothing for an invoice of 0 (its discounts covered it):
 * BG-16 is optional (EN 16931-1, 0..n) and no means was used.
 */
function paymentMeans(payment: DocumentRecord['data']['payment']): Record<string, unknown> {
  if (payment.method === 'none') return {};
  if (payment.method === 'bank_transfer') {
    return { 'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '58', 'cbc:PaymentID': payment.reference, 'cac:PayeeFinancialAccount': { 'cbc:ID': payment.iban, 'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bic } } }] };
  }
  return { 'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '48', ...(payment.last_digits ? { 'cac:CardAccount': { 'cbc:PrimaryAccountNumberID': payment.last_digits, 'cbc:NetworkID': payment.brand ?? 'card' } } : {}) }] };
}


/**
 * The EN 16931 data of a document, in `@e-invoice-eu/core`'s internal format.
 * @returns the invoice data (a credit note is an `Invoice` with type code 381 and its invoice as BT-25)
 */
export function en16931Data(doc: DocumentRecord): Invoice {
  const { data } = doc;
  const money = (cents: number) => ({ value: amount(cents), currency: data.currency });
  const withCurrency = (name: string, cents: number) => ({ [name]: money(cents).value, [`${name}@currencyID`]: data.currency });
  const subtotal = (g: VatGroup) => ({ ...withCurrency('cbc:TaxableAmount', g.net), ...withCurrency('cbc:TaxAmount', g.vat), 'cac:TaxCategory': category(doc, g.rate) });
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': doc.issued_at.slice(0, 10),
      'cbc:InvoiceTypeCode': data.kind === 'credit_note' ? '381' : '380',
      ...rebatesNote(doc),
      'cbc:DocumentCurrencyCode': data.currency,
      'cbc:BuyerReference': data.order.label,
      ...(data.credit ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': data.credit.invoice_number, 'cbc:IssueDate': data.credit.invoice_issued_at.slice(0, 10) } }] } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PostalAddress': postal(data.seller.address),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': data.seller.vat_number, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': data.seller.name, 'cbc:CompanyID': data.seller.siren, 'cbc:CompanyID@schemeID': '0002', 'cbc:CompanyLegalForm': data.seller.legal_form },
          'cac:Contact': { 'cbc:ElectronicMail': data.seller.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PostalAddress': postal(data.buyer.address),
          ...(data.buyer.vat_number ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': data.buyer.vat_number, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': data.buyer.name },
          ...(data.buyer.email ? { 'cac:Contact': { 'cbc:ElectronicMail': data.buyer.email } } : {}),
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': data.order.created_at.slice(0, 10), 'cac:DeliveryLocation': { 'cac:Address': postal(data.buyer.address) } },
      ...paymentMeans(data.payment),
      ...(data.payment.method === 'bank_transfer' ? { 'cac:PaymentTerms': { 'cbc:Note': `Virement avant le ${data.payment.due_at.slice(0, 10)}, référence ${data.payment.reference}` } } : {}),
      'cac:TaxTotal': [{ ...withCurrency('cbc:TaxAmount', data.totals.vat), 'cac:TaxSubtotal': data.vat_groups.map(subtotal) }],
      'cac:LegalMonetaryTotal': {
        ...withCurrency('cbc:LineExtensionAmount', data.totals.net),
        ...withCurrency('cbc:TaxExclusiveAmount', data.totals.net),
        ...withCurrency('cbc:TaxInclusiveAmount', data.totals.gross),
        ...withCurrency('cbc:PrepaidAmount', data.totals.gross),
        ...withCurrency('cbc:PayableAmount', 0),
      },
      'cac:InvoiceLine': data.lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(l.quantity),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        ...withCurrency('cbc:LineExtensionAmount', l.net),
        'cac:Item': { 'cbc:Name': l.kind === 'refund' ? `${l.description}` : l.description, 'cac:ClassifiedTaxCategory': lineCategory(doc, l.vat_rate) },
        // BT-146 to the cent (the library's amounts have two decimals): quantity × price may differ from BT-131 by the rounding.
        'cac:Price': withCurrency('cbc:PriceAmount', l.unit_net),
      })),
    },
  };
  return invoice as unknown as Invoice;
}

/** Log of the library: its warnings go to the function's log, its chatter nowhere. */
const quiet = { log: () => undefined, warn: (...args: unknown[]) => console.warn('factur-x:', ...args), error: (...args: unknown[]) => console.error('factur-x:', ...args) };

/**
 * The Factur-X PDF of a document: `pdf` (its PDF, documentPdf) with the CII XML embedded, as PDF/A-3.
 * @throws Error naming the field when the data misses one EN 16931 requires (the library's validation)
 */
export async function facturXPdf(doc: DocumentRecord, pdf: Buffer, lang: string): Promise<Buffer> {
  const service = new InvoiceService(quiet as unknown as Console);
  const out = await service.generate(en16931Data(doc), { format: 'Factur-X-EN16931', lang, pdf: { buffer: new Uint8Array(pdf), filename: `${doc.number}.pdf`, mimetype: 'application/pdf' } });
  return Buffer.from(out as Uint8Array);
}
