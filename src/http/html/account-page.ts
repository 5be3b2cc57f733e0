/**
 * The account pages (`[/<locale>]/account`, src/http/account-route.ts), phones first and without
 * JavaScript: the sign-in in two steps (the e-mail address, then the code it received) and,
 * once signed in, the account: its verified e-mail, the orders placed with it (each with its
 * order page and documents), the saved delivery addresses, the business account
 * (src/http/html/business-page.ts) and the sign-out buttons (this device, every device). Each
 * error is a sentence beside its field.
 */
import type { Locale } from '../../catalog/locales';
import { localePrefix } from '../../catalog/locales';
import { accountUi } from '../../i18n/account-ui';
import { documentsUi } from '../../i18n/documents-ui';
import type { AccountOrder } from '../../checkout/account-orders';
import { totalAmount } from '../../commerce/totals';
import { formatDate, formatPrice } from '../../views/format';
import { type Html, html } from '../../views/html';
import { labelledInput } from './fields';
import { addressBlock, escapeTemplate } from './summary';
import type { SavedAddress } from '../../checkout/saved-addresses';
import { page } from './shell';
import { PASSKEY_SCRIPT, passkeySignInForm, passkeysSection } from './passkeys-section';
import { platformsSection } from './platforms-section';
import type { LinkedPlatform } from '../../state/linked-platforms';
import type { PasskeySummary } from '../../state/passkeys';

/** What the sign-in page shows: the step, what was typed, a notice, an error beside its field. */
export interface SignInView {
  step: 'email' | 'code';
  email?: string;
  notice?: { kind: 'ok' | 'wait' | 'no'; text: string };
  error?: { field: 'email' | 'code'; text: string };
  /**
   * The signed authorization request of a platform asking to link the account (src/accounts/oauth.ts),
   * carried through the sign-in so that it goes on once signed in.
   */
  oauthQuery?: string;
}

const action = (locale: Locale) => `${localePrefix(locale)}/account`;
const hiddenAction = (name: string) => html`<input type="hidden" name="action" value="${name}">`;
const oauthField = (view: SignInView) => (view.oauthQuery ? html`<input type="hidden" name="oauth_query" value="${view.oauthQuery}">` : html``);

function notice(view: { notice?: SignInView['notice'] }): Html {
  return view.notice ? html`<p class="notice ${view.notice.kind}" role="status">${view.notice.text}</p>` : html``;
}

/** The sign-in page at its step. */
export function signInPage(locale: Locale, storeName: string, view: SignInView): string {
  const ui = accountUi(locale);
  const error = (field: 'email' | 'code') => (view.error?.field === field ? view.error.text : undefined);
  const body = view.step === 'email'
    ? html`<h1>${ui.signInTitle}</h1>${notice(view)}<p>${ui.signInIntro}</p>
<form method="post" action="${action(locale)}" novalidate>${hiddenAction('send')}${oauthField(view)}
${labelledInput('email', ui.emailLabel, view.email ?? '', error('email'), html`type="email" autocomplete="email" inputmode="email" maxlength="254" required`)}
<button type="submit" class="primary-button">${ui.sendCode}</button></form>`
    : html`<h1>${ui.signInTitle}</h1>${notice(view)}
<form method="post" action="${action(locale)}" novalidate>${hiddenAction('verify')}${oauthField(view)}<input type="hidden" name="email" value="${view.email ?? ''}">
${labelledInput('code', ui.codeLabel, '', error('code'), html`type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required`, ui.codeHint)}
<button type="submit" class="primary-button">${ui.signIn}</button></form>
<form method="post" action="${action(locale)}">${hiddenAction('send')}${oauthField(view)}<input type="hidden" name="email" value="${view.email ?? ''}"><button type="submit" class="secondary-button">${ui.newCode}</button></form>
<p><a href="${action(locale)}">${ui.otherEmail}</a></p>`;
  return page(locale, ui.signInTitle, storeName, html`${body}${view.step === 'email' ? passkeySignInForm(locale) : ''}`, { scripts: [PASSKEY_SCRIPT] });
}

function orderItem(entry: AccountOrder, locale: Locale): Html {
  const ui = accountUi(locale);
  const words = documentsUi(locale);
  const { order } = entry;
  const documents = entry.documents.map(({ document, url, pdfUrl }) => {
    const title = document.data.kind === 'invoice' ? words.invoiceNumbered({ number: document.number }) : words.creditNoteNumbered({ number: document.number });
    return html`<li><a href="${url}">${title}</a> · <a href="${pdfUrl}">${words.pdf}</a></li>`;
  });
  return html`<li class="account-order"><a href="${entry.url}">${escapeTemplate(ui.orderOpen, { label: html`<span class="order-number">${order.label}</span>` })}</a>
<br><span class="small">${ui.orderPlaced({ date: formatDate(order.created_at, locale) })} · ${formatPrice(totalAmount(order.totals), locale)}</span>
${documents.length ? html`<ul class="documents">${documents}</ul>` : ''}</li>`;
}

/** The saved delivery addresses, each with its delete button. */
function addressesSection(locale: Locale, addresses: readonly SavedAddress[]): Html {
  const ui = accountUi(locale);
  const items = addresses.map((a) => html`<li>${addressBlock(a.address, locale)}
<form method="post" action="${action(locale)}">${hiddenAction('delete_address')}<input type="hidden" name="address_id" value="${a.id}"><button type="submit" class="link-button">${ui.deleteAddress}</button></form></li>`);
  return html`<h2>${ui.addressesTitle}</h2>${addresses.length ? html`<p class="small">${ui.addressesIntro}</p><ul class="saved-addresses">${items}</ul>` : html`<p>${ui.addressesNone}</p>`}`;
}

/** The account page of a signed-in person. */
export function accountPage(locale: Locale, storeName: string, view: { email: string; orders: readonly AccountOrder[]; addresses: readonly SavedAddress[]; passkeys: readonly PasskeySummary[]; platforms?: readonly LinkedPlatform[]; business?: Html; notice?: SignInView['notice'] }): string {
  const ui = accountUi(locale);
  const orders = view.orders.length
    ? html`<ul class="account-orders">${view.orders.map((o) => orderItem(o, locale))}</ul>`
    : html`<p>${ui.noOrders({ email: view.email })}</p>`;
  const body = html`<h1>${ui.title}</h1>${notice(view)}<p>${ui.signedInAs({ email: view.email })}</p>
<h2>${ui.ordersTitle}</h2>${orders}
${addressesSection(locale, view.addresses)}
${view.business ?? ''}
${passkeysSection(locale, view.passkeys)}
${platformsSection(locale, view.platforms ?? [])}
<div class="sign-out"><form method="post" action="${action(locale)}">${hiddenAction('sign_out')}<button type="submit" class="secondary-button">${ui.signOut}</button></form>
<form method="post" action="${action(locale)}">${hiddenAction('sign_out_everywhere')}<button type="submit" class="secondary-button">${ui.signOutEverywhere}</button></form></div>`;
  return page(locale, ui.title, storeName, body, { scripts: [PASSKEY_SCRIPT] });
}
