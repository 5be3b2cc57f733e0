/**
 * The business account on the site, phones first and without JavaScript: the application form
 * (`[/<locale>]/account/business`, src/http/account-route.ts), each refused field with its
 * sentence beside it, and the account page's section that says where an application stands, the
 * terms granted and the organisation's people (members-section.ts).
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { type ApplicationField, type ApplicationInput, type ApplicationProblem, MAX_FIELD } from '../../accounts/business';
import { BUSINESS_KINDS, type BusinessKind } from '../../commerce/business';
import { type BusinessUi, businessUi } from '../../i18n/business-ui';
import type { BusinessAccountRecord } from '../../state/business-accounts';
import { formatDate } from '../../views/format';
import { type Html, html } from '../../views/html';
import { countryOptions, labelledInput, labelledSelect } from './fields';
import { page } from './shell';
import { type TeamView, membersSection } from './members-section';

/** The path of the application form. */
export const businessFormPath = (locale: Locale) => `${localePrefix(locale)}/account/business`;

const KIND_WORDS: Record<BusinessKind, keyof BusinessUi> = { company: 'kindCompany', school: 'kindSchool', public_body: 'kindPublicBody', association: 'kindAssociation' };

/** The sentence of a refused field, in the page's language. */
function problemText(field: ApplicationField, problem: ApplicationProblem, ui: BusinessUi): string {
  switch (problem) {
    case 'required': return ui.required;
    case 'too_long': return ui.tooLong({ max: MAX_FIELD });
    case 'text': return ui.badText;
    case 'choice': return ui.choice;
    case 'country_mismatch': return ui.vatCountry;
    case 'not_eu': return ui.vatNotEu;
    case 'vies_invalid': return ui.vatViesInvalid;
    case 'format':
      return field === 'vat_number' ? ui.vatFormat : field === 'siret' ? ui.siretFormat : field === 'uai' ? ui.uaiFormat : ui.postalCodeFormat;
    case 'checksum':
      return field === 'vat_number' ? ui.vatChecksum : field === 'siret' ? ui.siretChecksum : ui.uaiChecksum;
  }
}

/** What the form shows: what was typed and the problems of the refused fields. */
export interface BusinessFormView {
  input: ApplicationInput;
  problems?: Partial<Record<ApplicationField, ApplicationProblem>>;
  notice?: string;
}

/**
 * The application form.
 * @param countries the countries an organisation may apply from (the store's served countries)
 * @param defaultCountry selected before the applicant chose one
 */
export function businessFormPage(locale: Locale, storeName: string, countries: readonly string[], defaultCountry: string, view: BusinessFormView): string {
  const ui = businessUi(locale);
  const value = (field: ApplicationField) => view.input[field] ?? '';
  const error = (field: ApplicationField) => {
    const problem = view.problems?.[field];
    return problem ? problemText(field, problem, ui) : undefined;
  };
  const text = (field: ApplicationField, label: string, attrs: Html, optional?: string, hint?: string) =>
    labelledInput(field, label, value(field), error(field), html`type="text" maxlength="${String(MAX_FIELD)}" ${attrs}`, optional, hint);
  const kinds = BUSINESS_KINDS.map((k) => ({ value: k, label: ui[KIND_WORDS[k]] as string }));
  const body = html`<h1>${ui.title}</h1>
${view.notice ? html`<p class="notice no" role="alert">${view.notice}</p>` : ''}<p>${ui.intro}</p>
<form method="post" action="${businessFormPath(locale)}" novalidate><input type="hidden" name="action" value="apply">
${labelledSelect('kind', ui.kindLabel, kinds, value('kind') || 'company', error('kind'))}
${text('legal_name', ui.legalNameLabel, html`autocomplete="organization" required`)}
${labelledSelect('country', ui.countryLabel, countryOptions(countries, locale), value('country') || defaultCountry, error('country'), html`autocomplete="country"`)}
${text('street_address', ui.streetLabel, html`autocomplete="street-address" required`)}
${text('postal_code', ui.postalCodeLabel, html`autocomplete="postal-code" required`)}
${text('address_locality', ui.localityLabel, html`autocomplete="address-level2" required`)}
${text('vat_number', ui.vatNumberLabel, html`autocapitalize="characters" spellcheck="false"`, undefined, ui.vatNumberHint)}
${text('siret', ui.siretLabel, html`inputmode="numeric"`, undefined, ui.siretHint)}
${text('uai', ui.uaiLabel, html`autocapitalize="characters" spellcheck="false"`, undefined, ui.uaiHint)}
${text('contact_name', ui.contactNameLabel, html`autocomplete="name" required`)}
${text('contact_phone', ui.contactPhoneLabel, html`type="tel" autocomplete="tel"`)}
<button type="submit" class="primary-button">${ui.submit}</button></form>`;
  return page(locale, ui.title, storeName, body);
}

/** The account page's section: where the application stands, or the way to apply; once approved, the terms and the people (members-section.ts). */
export function businessSection(locale: Locale, account: BusinessAccountRecord | null, team: TeamView): Html {
  const ui = businessUi(locale);
  const name = account?.legal_name ?? '';
  const apply = (label: string) => html`<p><a class="secondary-button" href="${businessFormPath(locale)}">${label}</a></p>`;
  if (!account) return html`<h2>${ui.title}</h2><p>${ui.none}</p>${apply(ui.apply)}`;
  switch (account.status) {
    case 'awaiting_vies': return html`<h2>${ui.title}</h2><p>${ui.awaitingVies({ name })}</p>`;
    case 'pending': return html`<h2>${ui.title}</h2><p>${ui.pending({ name, date: formatDate(account.created_at, locale) })}</p>`;
    case 'refused': return html`<h2>${ui.title}</h2><p>${ui.refused({ name })}</p>${account.decision_note === 'vies_invalid' ? html`<p>${ui.vatViesInvalid}</p>` : account.decision_note ? html`<p>${account.decision_note}</p>` : ''}${apply(ui.applyAgain)}`;
    case 'approved': {
      const terms = account.terms;
      const check = account.vat_check?.result === 'valid' ? account.vat_check : null;
      const exempt = check && account.country !== 'FR';
      return html`<h2>${ui.title}</h2><p>${ui.approved({ name, date: formatDate(account.decided_at ?? account.created_at, locale) })}</p>
<ul class="business-terms"><li>${terms?.pay_on_invoice ? ui.termsInvoice : ui.termsCard}</li>
${terms?.purchase_order_required ? html`<li>${ui.termsPurchaseOrder}</li>` : ''}
${check && account.details.vat_number ? html`<li>${ui.vatVerified({ number: account.details.vat_number, date: formatDate(check.checked_at, locale) })}</li>` : ''}
${exempt ? html`<li>${ui.vatExempt}</li>` : ''}</ul>
${membersSection(locale, team)}`;
    }
  }
}
