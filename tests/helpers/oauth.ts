/**
 * An OAuth client and account holder against the store's authorization server, in-process
 * (tests/oauth-server.test.ts, tests/ucp-identity-linking.test.ts): an MCP-style public client
 * registering itself (RFC 7591), PKCE S256, the holder's sign-in with the mailed code (the
 * request carried through) and their consent, the token endpoint.
 */
import { expect } from 'vitest';
import type { OAuthClientInformationMixed, OAuthClientProvider, OAuthTokens } from '@modelcontextprotocol/client';
import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_SCOPES } from '../../src/accounts/oauth-scopes';
import { ORIGIN, type checkoutHandler } from './checkout';
import { codeIn, mailbox } from './mail';
import { Shopper } from './shopper';

type App = ReturnType<typeof checkoutHandler>;

/** The loopback redirect URI of the test client (RFC 8252 §7.3: a native app). */
export const REDIRECT = 'http://127.0.0.1:33418/callback';
/** Every scope the store grants, as a client asks for them. */
export const SCOPE = `${OAUTH_SCOPES.checkout} ${OAUTH_SCOPES.orders} offline_access`;

/** PKCE (RFC 7636): a verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization request of `clientId` (RFC 6749 §4.1.1 with PKCE), `extra` replacing or adding parameters. */
export const authorizeQuery = (clientId: string, challenge: string, extra: Record<string, string> = {}) => new URLSearchParams({
  response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: SCOPE, state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', ...extra,
});

/** The client's and the account holder's requests to `app`. */
export function oauthParties(app: App) {
  const call = (path: string, init: RequestInit = {}) => app.handler(new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }));
  const postJson = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const postForm = (path: string, fields: Record<string, string>) => call(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  /** A public client registered as MCP clients do (RFC 7591, no secret). */
  async function register(name = 'Assistant d’achat', redirectUris = [REDIRECT]) {
    const res = await postJson('/api/auth/oauth2/register', { client_name: name, redirect_uris: redirectUris, token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
    expect(res.status).toBe(201);
    return (await res.json()) as { client_id: string; client_secret?: string };
  }

  /**
   * The account holder's part in a browser: the authorization request, the store's sign-in with the
   * mailed code (the request carried through), the consent page, "Allow".
   * @returns the consent page and the code the client receives at its redirect URI
   */
  async function authorizeAsHolder(shopper: Shopper, email: string, query: URLSearchParams) {
    const first = await shopper.get(`/api/auth/oauth2/authorize?${query}`);
    expect(first.status).toBe(302);
    let page = await shopper.get(first.location!);
    if (page.$('form input[name=action][value=send]').length) {
      const carried = String(page.$('input[name=oauth_query]').first().val());
      expect(new URLSearchParams(carried).get('client_id'), 'the request is carried through the sign-in').toBe(query.get('client_id'));
      const box = await mailbox();
      const before = box.messages.length;
      expect((await shopper.post('/account', { action: 'send', email, oauth_query: carried })).status).toBe(200);
      const verified = await shopper.post('/account', { action: 'verify', email, code: codeIn(await box.next(email, before)), oauth_query: carried });
      expect(verified.status, verified.html.slice(0, 300)).toBe(303);
      const again = await shopper.get(verified.location!);
      expect(again.status).toBe(302);
      page = await shopper.get(again.location!);
    }
    expect(page.status, page.html.slice(0, 300)).toBe(200);
    const allowed = await shopper.post('/account/authorize', { oauth_query: String(page.$('input[name=oauth_query]').val()), accept: 'yes' });
    expect(allowed.status).toBe(303);
    const back = new URL(allowed.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(query.get('state'));
    expect(back.searchParams.get('iss'), 'RFC 9207: the issuer in the response').toBe(`${ORIGIN}/api/auth`);
    return { consent: page, code: back.searchParams.get('code')! };
  }

  /** A request to the token endpoint (RFC 6749 §3.2, form-encoded). */
  const token = (fields: Record<string, string>) => postForm('/api/auth/oauth2/token', fields);

  /**
   * A platform linked to `email`'s account end to end: registered, authorized by the holder in
   * `shopper` (a new browser when not given), the code exchanged.
   * @returns the client and its tokens
   */
  async function link(email: string, options: { shopper?: Shopper; scope?: string; name?: string } = {}) {
    const client = await register(options.name);
    const { verifier, challenge } = pkce();
    const shopper = options.shopper ?? new Shopper((r) => app.handler(r));
    const { code } = await authorizeAsHolder(shopper, email, authorizeQuery(client.client_id, challenge, options.scope ? { scope: options.scope } : {}));
    const issued = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client.client_id, code_verifier: verifier });
    expect(issued.status).toBe(200);
    const tokens = (await issued.json()) as { access_token: string; refresh_token?: string; scope: string };
    return { client, shopper, ...tokens };
  }

  return { call, postJson, postForm, register, authorizeAsHolder, token, link };
}

/**
 * An MCP client's OAuth state kept in memory (the MCP SDK's `OAuthClientProvider`): the client
 * registers itself (RFC 7591) with a loopback redirect URI, keeps its PKCE verifier and tokens,
 * and records the authorization URL the SDK sends the user to (a browser opens it).
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private verifier = '';
  private saved: OAuthTokens | undefined;
  private info: OAuthClientInformationMixed | undefined;
  constructor(private readonly redirect: string = REDIRECT, private readonly scope: string = SCOPE, private readonly name = 'Agent SDK') {}
  get redirectUrl() { return this.redirect; }
  get clientMetadata() {
    return { client_name: this.name, redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', scope: this.scope };
  }
  clientInformation() { return this.info; }
  saveClientInformation(info: OAuthClientInformationMixed) { this.info = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  redirectToAuthorization(url: URL) { this.authorizationUrl = url; }
  saveCodeVerifier(verifier: string) { this.verifier = verifier; }
  codeVerifier() { return this.verifier; }
}
