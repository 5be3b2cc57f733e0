// Issue 37 point 7, in-process: the official MCP SDK client (v2) links a school's account by
// itself — RFC 9728 and RFC 8414 discovery from the MCP endpoint, RFC 7591 registration, PKCE
// S256, the RFC 8707 resource of the endpoint, the issuer checked (RFC 9207) — the account
// holder signs in and consents in their browser (here the test's cookie jar), and the SDK then
// buys over MCP with the bearer token on every request: the school's checkout on 30-day bank
// transfer terms, approved with the code sent to the account's mailbox. The SDK also refreshes
// the token (rotation) when it is told it expired. tests/e2e/identity-linking.test.ts does the
// same against `npm start` with chromium.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport, auth } from '@modelcontextprotocol/client';
import { ADDRESS, ORIGIN, checkoutHandler, line, postApproval, requestCode, shipTo, stateOf, uuid } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { testDb } from './helpers/db';
import { MemoryOAuthProvider, oauthParties } from './helpers/oauth';
import { SCHOOL_APPLICATION, approvedBusiness } from './helpers/business';
import { expectUcpValid, validatorForResult } from './helpers/ucp-schemas';

const db = testDb();
const app = checkoutHandler({ db });
const SERVER = `${ORIGIN}/api/ucp/mcp`;
const fetchFn = (url: string | URL, init?: RequestInit) => app.handler(new Request(url, { redirect: 'manual', ...init }));

describe('the MCP SDK client links an account and buys for it', () => {
  it('discovers, registers, authorizes with PKCE through the holder\'s consent, and buys for the school on 30-day terms over MCP', async () => {
    const holder = `sdk+${randomBytes(4).toString('hex')}@example.org`;
    const browser = await approvedBusiness(app, holder, SCHOOL_APPLICATION);
    const provider = new MemoryOAuthProvider();
    expect(await auth(provider, { serverUrl: SERVER, fetchFn })).toBe('REDIRECT');
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource'), 'RFC 8707: the MCP endpoint').toBe(SERVER);
    const { code } = await oauthParties(app).authorizeAsHolder(browser, holder, url.searchParams);
    expect(await auth(provider, { serverUrl: SERVER, fetchFn, authorizationCode: code, iss: `${ORIGIN}/api/auth` })).toBe('AUTHORIZED');
    const issued = provider.tokens()!;
    expect(issued).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), expires_in: 600 });
    expect(issued.access_token.length, 'an opaque token the database knows').toBeGreaterThanOrEqual(32);
    expect(typeof issued.refresh_token === 'string' && issued.refresh_token.length >= 32, 'offline_access: a refresh token').toBe(true);
    expect((await db.query('SELECT 1 FROM "auth_oauth_access_token" t JOIN "auth_user" u ON u.id = t."userId" WHERE u.email = $1', [holder])).rows, 'issued for the holder').toHaveLength(1);

    const client = new Client({ name: 'sdk-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(SERVER), { authProvider: provider, fetch: fetchFn }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })).structuredContent as any;
      expectUcpValid(validatorForResult(name, result), result, `${name} result`);
      return result;
    };
    const created = await call('create_checkout', { checkout: { line_items: [line(ITEMS.stocked.variant.id)], buyer: { email: 'elsewhere@example.org' }, context: { language: 'fr' }, fulfillment: shipTo(ADDRESS.FR) } });
    expect(created.buyer.email, 'the account\'s e-mail, not the one the agent sent').toBe(holder);
    expect(created.payment.terms.map((t: any) => t.id)).toEqual(['card', 'bank_transfer']);
    const option = created.fulfillment.methods[0].groups[0].options[0].id;
    const ready = await call('update_checkout', { id: created.id, checkout: { ...stateOf(created), fulfillment: shipTo(ADDRESS.FR, option), payment: { selected_term_id: 'bank_transfer' } } });
    expect(ready.status, JSON.stringify(ready.messages)).toBe('requires_escalation');

    // The expired access token is refused (401 with the challenge): the SDK refreshes it (the refresh token rotates) and retries.
    await db.query(`UPDATE "auth_oauth_access_token" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = (SELECT id FROM "auth_user" WHERE email = $1)`, [holder]);
    const before = provider.tokens()!;
    expect((await call('get_checkout', { id: created.id })).id).toBe(created.id);
    expect(provider.tokens()!.access_token, 'a new access token').not.toBe(before.access_token);
    expect(provider.tokens()!.refresh_token, 'rotated').not.toBe(before.refresh_token);

    const page = await requestCode(app.handler, ready, holder);
    expect((await postApproval(app.handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'confirm', code: page.code })).status).toBe(303);
    const paid = await call('complete_checkout', { id: created.id, meta: { 'idempotency-key': uuid() }, checkout: { payment: {} } });
    expect(paid.status, JSON.stringify(paid.messages)).toBe('completed');
    const order = await call('get_order', { id: paid.order.id });
    expect(order.payment.accepted_term.id).toBe('bank_transfer');
    await client.close();
  });
});
