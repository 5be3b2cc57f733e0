/**
 * The discount-code field of the cart and checkout pages (issue 38): the code to type and its
 * button, then each code the shopper gave with what became of it (applied, or why not, in words:
 * "expired on …", "minimum 50,00 €", "already used") and a button that takes it off. Plain form
 * posts: it works without JavaScript. The rules are the core's (src/commerce/discounts.ts); the
 * page only says what the priced cart or checkout decided.
 */
import type { Locale } from '../../catalog/locales';
import type { AppliedDiscount } from '../../commerce/discounts';
import type { Problem } from '../../checkout/problems';
import { DISCOUNT_CODES } from '../../checkout/changes';
import { shopUi } from '../../i18n/shop-ui';
import { type Html, html } from '../../views/html';
import { problemText } from './shop-problems';

/** What the field shows: the codes stored, the offers applied and the priced problems (`discount_rejected`). */
export interface DiscountState {
  codes: readonly string[];
  applied: ReadonlyArray<Pick<AppliedDiscount, 'code'>>;
  problems: readonly Problem[];
}


/** What became of one code: applied, or the sentence of the problem that names it. */
function codeStatus(code: string, state: DiscountState, locale: Locale): { ok: boolean; text: string } {
  const upper = code.trim().toUpperCase();
  if (state.applied.some((d) => d.code?.toUpperCase() === upper)) return { ok: true, text: shopUi(locale).discountApplied({ code }) };
  const problem = state.problems.find((p) => p.code === 'discount_rejected' && String(p.data?.code ?? '').toUpperCase() === upper);
  return { ok: false, text: problem ? problemText(problem, locale) : shopUi(locale).discountUnknown({ code }) };
}

/**
 * The field and the codes given.
 * @param remove how a code is taken off: a button named `remove_code` (the checkout's form, whose
 *        other buttons keep their `action`), or `remove` of the cart's own form
 * @param error a sentence for the code just typed that could not be read (a control character)
 */
export function discountField(state: DiscountState, locale: Locale, remove: 'remove' | 'remove_code', error?: string): Html {
  const ui = shopUi(locale);
  const described = error ? html` aria-invalid="true" aria-describedby="discount_code-error"` : '';
  return html`<div class="discount-field" id="discount">
<label for="discount_code">${ui.discountCode}</label>
${error ? html`<p class="field-error" id="discount_code-error">${error}</p>` : ''}
<div class="inline-form"><input id="discount_code" name="discount_code" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="${String(DISCOUNT_CODES.length)}"${described}>
<button type="submit" name="action" value="discount" class="secondary-button">${ui.discountApply}</button></div>
${state.codes.length ? html`<ul class="discount-codes">${state.codes.map((code) => {
    const status = codeStatus(code, state, locale);
    return html`<li data-discount-code="${code}" data-applied="${status.ok ? 'true' : 'false'}"><p class="${status.ok ? 'small' : 'field-error'}" role="status">${status.text}</p>
<button type="submit" name="${remove}" value="${code}" class="link-button" aria-label="${ui.discountRemove({ code })}">${ui.remove}</button></li>`;
  })}</ul>` : ''}
</div>`;
}
