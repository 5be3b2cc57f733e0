// Passkeys' refusals (src/accounts/passkeys.ts through the account page; the ceremony that works
// is tests/browser/passkeys.test.ts, with chromium's virtual authenticator): options to add one
// need a session; a forged or replayed answer signs no one in and stores nothing; a cross-site
// post is refused; another account's passkey id deletes nothing. Real PostgreSQL.
import { describe, expect, it } from 'vitest';
import { checkoutHandler, uuid } from './helpers/checkout';
import { signedIn } from './helpers/business';
import { Shopper } from './helpers/shopper';

const app = checkoutHandler();
const forged = (challenge: string) => JSON.stringify({
  id: 'AAAA', rawId: 'AAAA', type: 'public-key',
  response: { clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://evil.example' })).toString('base64url'), authenticatorData: 'AAAA', signature: 'AAAA' },
});
const passkeyRows = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "auth_passkey"')).rows[0].n;

describe('passkeys: what is refused', () => {
  it('options to add a passkey need a session; signed in, they name the store as relying party and exclude nothing yet', async () => {
    const anonymous = new Shopper((r) => app.handler(r));
    const refused = await anonymous.post('/account', { action: 'passkey_options' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const person = await signedIn(app, `cle+${uuid()}@example.org`);
    const options = await person.post('/account', { action: 'passkey_options' });
    expect(options.status).toBe(200);
    const json = JSON.parse(options.html);
    expect(json.rp).toEqual({ name: 'Poissons & Pousses', id: new URL(anonymous.origin).hostname });
    expect(json.challenge).toMatch(/^[\w-]{32,}$/);
    expect(json.excludeCredentials).toEqual([]);
    expect(json.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  });

  it('a forged answer, one to a challenge never issued, or one replayed signs no one in and stores nothing', async () => {
    const browser = new Shopper((r) => app.handler(r));
    const before = await passkeyRows();
    const issued = JSON.parse((await browser.post('/account', { action: 'passkey_sign_in_options' })).html).challenge as string;
    for (const credential of [forged('A'.repeat(43)), forged(issued), forged(issued), 'not json', '']) {
      const answer = await browser.post('/account', { action: 'passkey_sign_in', credential });
      expect(answer.status).toBe(422);
      expect(answer.$('.notice.no').text()).toContain('clé d’accès');
      expect([...browser.cookies.keys()].some((k) => k.includes('session_token'))).toBe(false);
    }
    const person = await signedIn(app, `cle+${uuid()}@example.org`);
    const added = await person.post('/account', { action: 'passkey_register', credential: forged('B'.repeat(43)), passkey_name: 'x' });
    expect(added.location).toBe('/account?passkey_refused');
    expect(await passkeyRows()).toBe(before);
  });

  it('a cross-site post is refused; another account’s passkey id deletes nothing', async () => {
    const person = await signedIn(app, `cle+${uuid()}@example.org`);
    const cross = await person.post('/account', { action: 'passkey_options' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    const { rows: [user] } = await app.db.query<{ id: string }>(`SELECT id FROM "auth_user" LIMIT 1`);
    await app.db.query(`INSERT INTO "auth_passkey" (id, "userId", "credentialId", "publicKey", counter, "createdAt") VALUES ($1, $2, $3, 'x', 0, now())`, [`pk_${uuid()}`, user.id, `cred_${uuid()}`]);
    const { rows: [row] } = await app.db.query<{ id: string }>(`SELECT id FROM "auth_passkey" WHERE "userId" = $1 LIMIT 1`, [user.id]);
    const other = await signedIn(app, `autre+${uuid()}@example.org`);
    expect((await other.post('/account', { action: 'passkey_delete', passkey_id: row.id })).location).toBe('/account?passkey_deleted');
    expect((await app.db.query(`SELECT 1 FROM "auth_passkey" WHERE id = $1`, [row.id])).rows).toHaveLength(1);
  });
});
