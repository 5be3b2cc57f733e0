/**
 * Passkeys on the account pages (src/accounts/passkeys.ts): the sign-in's "sign in with a
 * passkey" and the account's list of passkeys with "add a passkey". Both forms are hidden until
 * the site's script (public/scripts/passkeys.js) finds WebAuthn in the browser: without it, the
 * e-mailed code is the way in and nothing on the page asks for what cannot work.
 */
import { type Locale, localePrefix } from '../../catalog/locales';
import { accountUi } from '../../i18n/account-ui';
import type { PasskeySummary } from '../../state/passkeys';
import { formatDate } from '../../views/format';
import { type Html, html } from '../../views/html';

/** The script the account pages load for their passkey forms. */
export const PASSKEY_SCRIPT = '/scripts/passkeys.js';

const action = (locale: Locale) => `${localePrefix(locale)}/account`;

/** The sign-in page's passkey button (a discoverable credential: no e-mail typed). */
export function passkeySignInForm(locale: Locale): Html {
  const ui = accountUi(locale);
  return html`<form method="post" action="${action(locale)}" class="passkey-form" data-passkey="sign-in" hidden><input type="hidden" name="action" value="passkey_sign_in"><input type="hidden" name="credential" value="">
<button type="submit" class="secondary-button wide">${ui.passkeySignIn}</button>
<p class="notice no" role="alert" data-passkey-status hidden>${ui.passkeyFailed}</p></form>`;
}

/** The account's passkeys, each with its delete button, and the form that adds one. */
export function passkeysSection(locale: Locale, passkeys: readonly PasskeySummary[]): Html {
  const ui = accountUi(locale);
  const date = (iso: string) => formatDate(iso, locale);
  const items = passkeys.map((p) => html`<li data-passkey-id="${p.id}">${p.name ?? ui.passkeyUnnamed} <span class="small">— ${ui.passkeyCreated({ date: date(p.created_at) })}${p.last_used_at ? html`, ${ui.passkeyLastUsed({ date: date(p.last_used_at) })}` : ''}</span>
<form method="post" action="${action(locale)}"><input type="hidden" name="action" value="passkey_delete"><input type="hidden" name="passkey_id" value="${p.id}"><button type="submit" class="link-button">${ui.passkeyDelete}</button></form></li>`);
  return html`<section class="passkeys"><h2>${ui.passkeysTitle}</h2><p class="small">${ui.passkeysIntro}</p>
${passkeys.length ? html`<ul class="passkey-list">${items}</ul>` : html`<p>${ui.passkeysNone}</p>`}
<form method="post" action="${action(locale)}" class="passkey-form" data-passkey="register" hidden><input type="hidden" name="action" value="passkey_register"><input type="hidden" name="credential" value="">
<div class="field"><label for="passkey_name">${ui.passkeyNameLabel}</label><input id="passkey_name" name="passkey_name" maxlength="100" autocomplete="off"></div>
<button type="submit" class="secondary-button wide">${ui.passkeyAdd}</button>
<p class="notice no" role="alert" data-passkey-status hidden>${ui.passkeyRefused}</p></form></section>`;
}
