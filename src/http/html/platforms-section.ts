/**
 * The account page's linked platforms (issue 37 point 5): each platform linked by OAuth with what
 * it may do, when it was linked and last got a token, and a button that ends the link (its tokens
 * revoked at once: src/state/linked-platforms.ts). Nothing is shown before a first link.
 */
import { type Locale, localePrefix } from '../../catalog/locales';
import { accountUi } from '../../i18n/account-ui';
import type { LinkedPlatform } from '../../state/linked-platforms';
import { type Html, html } from '../../views/html';
import { formatDate } from '../../views/format';
import { grantableScopes, scopeWords } from './oauth-consent-page';

/** The section, or nothing when no platform is linked. */
export function platformsSection(locale: Locale, platforms: readonly LinkedPlatform[]): Html {
  if (!platforms.length) return html``;
  const ui = accountUi(locale);
  const words = scopeWords(locale);
  const date = (iso: string) => formatDate(iso, locale);
  const item = (p: LinkedPlatform) => {
    const name = p.name ?? ui.oauthUnnamed;
    const when = [ui.platformLinked({ date: date(p.linked_at) }), ...(p.last_used_at ? [ui.platformLastUsed({ date: date(p.last_used_at) })] : [])].join(', ');
    return html`<li data-platform-id="${p.id}"><strong>${name}</strong> <span class="small">— ${when}</span>
<ul class="small">${grantableScopes(p.scopes.join(' ')).map((s) => html`<li data-scope="${s}">${words[s]}</li>`)}</ul>
<form method="post" action="${localePrefix(locale)}/account"><input type="hidden" name="action" value="unlink_platform"><input type="hidden" name="platform_id" value="${p.id}"><button type="submit" class="link-button">${ui.platformUnlink({ platform: name })}</button></form></li>`;
  };
  return html`<section class="linked-platforms"><h2>${ui.platformsTitle}</h2><p class="small">${ui.platformsIntro}</p>
<ul class="platform-list">${platforms.map(item)}</ul></section>`;
}
