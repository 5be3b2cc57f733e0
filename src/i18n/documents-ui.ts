/**
 * Words of invoices and credit notes (src/documents/render/), in the store's 12 locales: the
 * "documents" messages of messages/<locale>.json (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/documents.js.
 */
import type { Locale } from '../catalog/locales';
import messages, { type DocumentsMessages } from './generated/documents.js';

export type DocumentsUi = DocumentsMessages;

/** The "documents" messages of a locale. */
export function documentsUi(locale: Locale): DocumentsUi {
  return messages[locale];
}
