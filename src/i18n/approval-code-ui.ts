/**
 * Words of the one-time code step of the approval page (src/http/html/approval-page.ts; rules
 * in src/commerce/approval-code.ts), in the store's 12 locales.
 * The words are messages/<locale>.json "approvalCode" (ICU MessageFormat), compiled by
 * scripts/build-messages.ts into ./generated/approvalCode.js: a message without arguments is its text, one
 * with arguments a function of them (`ui.addedCount({ count })`).
 */
import type { Locale } from '../catalog/locales';
import messages, { type ApprovalCodeMessages } from './generated/approvalCode.js';

export type ApprovalCodeUi = ApprovalCodeMessages;

/** The "approvalCode" messages of a locale. */
export function approvalCodeUi(locale: Locale): ApprovalCodeUi {
  return messages[locale];
}
