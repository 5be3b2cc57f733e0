// Issue 37 point 1 and 6: the store as an OAuth 2.0 authorization server for its accounts
// (src/accounts/oauth.ts, the library's oauth-provider plugin), in-process on the real
// PostgreSQL server: RFC 8414 and RFC 9728 metadata; an MCP-style public client registering
// itself (RFC 7591); the authorization code flow with PKCE S256 through the store's own sign-in
// (the code mailed) and its consent page (platform, scopes in words, for whom it buys); tokens;
// refresh tokens rotated; revocation (RFC 7009); and the refusals the RFCs name — wrong
// redirect_uri, missing or plain PKCE challenge, replayed code, wrong verifier, revoked or
// rotated refresh token, another client's token, a scope the store does not grant — each with
// the RFC's error, nothing issued; and the per-IP limit on the token endpoint.
import { frozenLimiter } from './helpers/rate-limit';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ORIGIN, checkoutHandler } from './helpers/checkout';
import { REDIRECT, SCOPE, authorizeQuery, oauthParties, pkce } from './helpers/oauth';
import { Shopper } from './helpers/shopper';
import { SCHOOL_APPLICATION, approvedBusiness } from './helpers/business';
import { testDb } from './helpers/db';
import { GRANTABLE_SCOPES, OAUTH_SCOPES, OAUTH_TTL } from '../src/accounts/oauth';
import { createHandler } from '../src/http/router';
import { catalog } from './helpers/content';

const db = testDb();
const app = checkoutHandler({ db });
const SCHOOL = SCHOOL_APPLICATION;

const { call, postForm, register, authorizeAsHolder, token } = oauthParties(app);

describe('discovery', () => {
  it('RFC 8414 metadata (root and path-suffixed), and the MCP endpoint\'s RFC 9728 metadata', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/api/auth']) {
      const res = await call(path);
      expect(res.status).toBe(200);
      const meta = await res.json();
      expect(meta).toMatchObject({
        issuer: `${ORIGIN}/api/auth`, authorization_endpoint: `${ORIGIN}/api/auth/oauth2/authorize`, token_endpoint: `${ORIGIN}/api/auth/oauth2/token`,
        registration_endpoint: `${ORIGIN}/api/auth/oauth2/register`, revocation_endpoint: `${ORIGIN}/api/auth/oauth2/revoke`,
        response_types_supported: ['code'], code_challenge_methods_supported: ['S256'], scopes_supported: [...GRANTABLE_SCOPES],
      });
      expect(meta.grant_types_supported.sort()).toEqual(['authorization_code', 'refresh_token']);
    }
    const resource = await (await call('/.well-known/oauth-protected-resource/api/ucp/mcp')).json();
    expect(resource).toMatchObject({ resource: `${ORIGIN}/api/ucp/mcp`, authorization_servers: [`${ORIGIN}/api/auth`], bearer_methods_supported: ['header'] });
    expect((await call('/api/auth/oauth2/userinfo')).status, 'the library\'s other routes are not served').toBe(404);
    expect([404, 405], 'nor its sign-in routes').toContain((await call('/api/auth/sign-in/email-otp', { method: 'POST' })).status);
  });
});

describe('the authorization code flow with PKCE', () => {
  it('registers, signs in with the mailed code, consents, gets short-lived tokens; the refresh token rotates, and a rotated one used again kills its family', async () => {
    const client = await register();
    expect(client.client_secret, 'a public client has no secret').toBeUndefined();
    const { verifier, challenge } = pkce();
    const shopper = new Shopper((r) => app.handler(r));
    const email = `linked+${randomBytes(4).toString('hex')}@example.org`;
    const { consent, code } = await authorizeAsHolder(shopper, email, authorizeQuery(client.client_id, challenge));
    expect(consent.$('h1').text()).toBe('Relier Assistant d’achat à votre compte');
    expect(consent.$('.oauth-scopes li').map((_, li) => consent.$(li).attr('data-scope')).get()).toEqual([...GRANTABLE_SCOPES]);
    expect(consent.$('.oauth-for').text()).toBe(`Les commandes seront passées à votre nom (${email}).`);
    expect(consent.$('.oauth-return').text(), 'where it sends back, whatever name it chose').toBe('Après votre réponse, vous reviendrez à 127.0.0.1:33418.');

    const issued = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier });
    const tokens = await issued.json();
    expect(issued.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: OAUTH_TTL.accessToken, scope: SCOPE });
    expect(tokens.access_token.length).toBeGreaterThanOrEqual(32);
    expect(typeof tokens.refresh_token).toBe('string');

    // Rotation: the refresh token gives a new pair; the old one is dead.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    const next = await refreshed.json();
    expect(refreshed.status, JSON.stringify(next)).toBe(200);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    // A rotated refresh token used again is a stolen one (RFC 9700 §4.14.2): refused, and the new one dies with it.
    const reused = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect([reused.status, (await reused.json()).error]).toEqual([400, 'invalid_grant']);
    const family = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: client.client_id });
    expect([family.status, (await family.json()).error]).toEqual([400, 'invalid_grant']);
  });

  it('revocation (RFC 7009) holds at once; another client cannot use a client\'s refresh token; an unknown token revokes as 200', async () => {
    const client = await register();
    const { verifier, challenge } = pkce();
    const shopper = new Shopper((r) => app.handler(r));
    const { code } = await authorizeAsHolder(shopper, `revoke+${randomBytes(4).toString('hex')}@example.org`, authorizeQuery(client.client_id, challenge));
    const tokens = await (await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier })).json();
    const other = await register('Autre assistant');
    const stolen = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: other.client_id });
    expect([stolen.status, (await stolen.json()).error]).toEqual([400, 'invalid_grant']);
    const revoked = await postForm('/api/auth/oauth2/revoke', { token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: client.client_id });
    expect(revoked.status).toBe(200);
    const afterRevoke = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect([afterRevoke.status, (await afterRevoke.json()).error]).toEqual([400, 'invalid_grant']);
    // RFC 7009 §2.2: an invalid token is answered 200 too (nothing tells whether it existed).
    expect((await postForm('/api/auth/oauth2/revoke', { token: 'not-a-token', client_id: client.client_id })).status).toBe(200);
  });

  it('a replayed authorization code is invalid_grant, and the tokens issued from it die (RFC 6749 §4.1.2)', async () => {
    const client = await register();
    const { verifier, challenge } = pkce();
    const shopper = new Shopper((r) => app.handler(r));
    const { code } = await authorizeAsHolder(shopper, `replay+${randomBytes(4).toString('hex')}@example.org`, authorizeQuery(client.client_id, challenge));
    const exchange = () => token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier });
    const first = await (await exchange()).json();
    expect(typeof first.refresh_token).toBe('string');
    const replay = await exchange();
    expect([replay.status, (await replay.json()).error]).toEqual([400, 'invalid_grant']);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: client.client_id });
    expect([refreshed.status, (await refreshed.json()).error]).toEqual([400, 'invalid_grant']);
  });

  it('an account holder who is signed in already goes straight to the consent; "Deny" sends access_denied back, no code', async () => {
    const client = await register();
    const shopper = new Shopper((r) => app.handler(r));
    const email = `deny+${randomBytes(4).toString('hex')}@example.org`;
    await authorizeAsHolder(shopper, email, authorizeQuery(client.client_id, pkce().challenge));
    const again = await shopper.get(`/api/auth/oauth2/authorize?${authorizeQuery(client.client_id, pkce().challenge, { prompt: 'consent' })}`);
    const page = await shopper.get(again.location!);
    expect(page.status).toBe(200);
    const denied = await shopper.post('/account/authorize', { oauth_query: String(page.$('input[name=oauth_query]').val()), accept: 'no' });
    const back = new URL(denied.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });
});

describe('the pages\' policy lets their form reach the platform (CSP form-action applies to redirects)', () => {
  it('the sign-in carrying a request and the consent page name the redirect URI\'s origin, the plain account page does not', async () => {
    const client = await register('Politique');
    const shopper = new Shopper((r) => app.handler(r));
    const first = await shopper.get(`/api/auth/oauth2/authorize?${authorizeQuery(client.client_id, pkce().challenge)}`);
    const signInPage = await call(first.location!);
    expect(signInPage.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:33418;");
    expect(signInPage.headers.get('content-security-policy'), 'the sign-in keeps its scripts (passkeys)').toContain("script-src 'self'");
    expect((await call('/account')).headers.get('content-security-policy')).toContain("form-action 'self';");
    const { consent } = await authorizeAsHolder(shopper, `csp+${randomBytes(4).toString('hex')}@example.org`, authorizeQuery(client.client_id, pkce().challenge));
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:33418;");
  });
});

describe('linked platforms on the account page (issue 37 point 5)', () => {
  it('lists the platform with its scopes; another account cannot end it; ending it revokes its tokens at once', async () => {
    const client = await register('Assistant relié');
    const { verifier, challenge } = pkce();
    const holder = new Shopper((r) => app.handler(r));
    const email = `holder+${randomBytes(4).toString('hex')}@example.org`;
    const { code } = await authorizeAsHolder(holder, email, authorizeQuery(client.client_id, challenge));
    const tokens = await (await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier })).json();
    const page = await holder.get('/account');
    const item = page.$('.platform-list > li');
    expect(item.length).toBe(1);
    expect(item.find('strong').text()).toBe('Assistant relié');
    expect(item.find('li[data-scope]').map((_, li) => page.$(li).attr('data-scope')).get()).toEqual([...GRANTABLE_SCOPES]);
    expect(item.find('.small').first().text()).toMatch(/reliée le .*, dernier accès le /);
    const platformId = String(item.attr('data-platform-id'));

    // Another account posting this id ends nothing (and is told nothing about it).
    const other = new Shopper((r) => app.handler(r));
    await authorizeAsHolder(other, `other+${randomBytes(4).toString('hex')}@example.org`, authorizeQuery((await register('Autre')).client_id, pkce().challenge));
    expect((await other.post('/account', { action: 'unlink_platform', platform_id: platformId })).status).toBe(303);
    const stillLinked = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    const next = await stillLinked.json();
    expect(stillLinked.status, 'another account\'s post ended nothing').toBe(200);

    const ended = await holder.post('/account', { action: 'unlink_platform', platform_id: platformId });
    expect(ended.location).toBe('/account?platform_unlinked');
    const after = await holder.follow(ended);
    expect(after.$('.notice.ok').text()).toBe('L’application est déliée\u202f: son accès a pris fin.');
    expect(after.$('.platform-list').length).toBe(0);
    const refused = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: client.client_id });
    expect([refused.status, (await refused.json()).error]).toEqual([400, 'invalid_grant']);
    const { rows } = await (await db.raw()).query<{ live: number }>(`SELECT count(*)::int AS live FROM "auth_oauth_access_token" WHERE "clientId" = $1 AND revoked IS NULL`, [client.client_id]);
    expect(rows[0].live, 'its access tokens are revoked too').toBe(0);
  });
});

describe('the consent of a business account\'s member', () => {
  it('names the organisation the platform will buy for', async () => {
    const email = `school+${randomBytes(4).toString('hex')}@example.org`;
    const shopper = await approvedBusiness(app, email, SCHOOL);
    const client = await register('Assistant du lycée');
    const first = await shopper.get(`/api/auth/oauth2/authorize?${authorizeQuery(client.client_id, pkce().challenge)}`);
    const page = await shopper.get(first.location!);
    expect(page.$('.oauth-for').text()).toBe('Les commandes seront passées pour Lycée agricole du Rhône, à ses conditions professionnelles.');
  });
});

describe('refusals (issue 37 point 6)', () => {
  it('a wrong redirect_uri, a missing or plain PKCE challenge: told to the person, never redirected to the client', async () => {
    const client = await register();
    const { challenge } = pkce();
    const shopper = new Shopper((r) => app.handler(r));
    for (const query of [
      authorizeQuery(client.client_id, challenge, { redirect_uri: 'https://attacker.example/cb' }),
      (() => { const q = authorizeQuery(client.client_id, challenge); q.delete('code_challenge'); q.delete('code_challenge_method'); return q; })(),
      authorizeQuery(client.client_id, challenge, { code_challenge_method: 'plain' }),
      authorizeQuery('no-such-client', challenge),
    ]) {
      const res = await shopper.get(`/api/auth/oauth2/authorize?${query}`);
      const location = res.location ?? '';
      expect(location.startsWith('https://attacker.example'), `${query}: never sent to an unregistered redirect`).toBe(false);
      if (location.startsWith(REDIRECT)) {
        // Errors a client may hear go back to its own registered redirect URI (RFC 6749 §4.1.2.1).
        expect(new URL(location).searchParams.get('error')).toMatch(/invalid_request|unsupported/);
      } else {
        const page = await shopper.get(location);
        expect([page.status, page.$('.notice.no').text()]).toEqual([400, 'Cette demande d’autorisation n’est pas valable ou a expiré. Revenez à l’application et recommencez.']);
      }
    }
  });

  it('a wrong code_verifier and a tampered consent are refused; nothing is issued', async () => {
    const client = await register();
    const { challenge } = pkce();
    const shopper = new Shopper((r) => app.handler(r));
    const { code } = await authorizeAsHolder(shopper, `verifier+${randomBytes(4).toString('hex')}@example.org`, authorizeQuery(client.client_id, challenge));
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: pkce().verifier });
    expect([wrong.status, (await wrong.json()).error]).toEqual([400, 'invalid_grant']);
    // The signed request with one parameter changed: the consent page refuses it.
    const again = await shopper.get(`/api/auth/oauth2/authorize?${authorizeQuery(client.client_id, challenge, { prompt: 'consent' })}`);
    const tampered = again.location!.replace(encodeURIComponent(REDIRECT), encodeURIComponent('https://attacker.example/cb'));
    expect((await shopper.get(tampered)).status).toBe(400);
    const form = new URL(again.location!, ORIGIN).search.slice(1).replace('xyz', 'abc');
    expect((await shopper.post('/account/authorize', { oauth_query: form, accept: 'yes' })).status).toBe(400);
  });

  it('the token endpoint is limited per IP: 429 with Retry-After and the OAuth error', async () => {
    const limited = createHandler({ catalog, ucp: app.ucp, rateLimiter: frozenLimiter(app.db, 2) });
    const hit = () => limited(new Request(`${ORIGIN}/api/auth/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code&code=x' }), { ip: '203.0.113.9' });
    await hit();
    await hit();
    const third = await hit();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await third.json()).error).toBe('temporarily_unavailable');
  });
});
