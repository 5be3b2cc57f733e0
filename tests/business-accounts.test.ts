// Business accounts as a school, a company and the merchant use them (src/accounts/business.ts,
// src/checkout/business-accounts.ts, src/merchant/accounts-cli.ts): the application form on the
// site (a sentence beside each refused field, nothing stored), VIES asked through its adapter
// (a local server that answers as VIES does), its answer recorded, an application that waits
// while VIES is down, the merchant's list/show/approve/refuse/recheck, the applicant told by
// e-mail in their language, the organisation and its members on the account page, two accounts
// that never see each other's. Real PostgreSQL and SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viesAdapter } from '../src/accounts/vies';
import { runAccountsCli } from '../src/merchant/accounts-cli';
import { checkoutHandler } from './helpers/checkout';
import { codeIn, mailbox } from './helpers/mail';
import { VIES, type ViesReply, type ViesServer, startViesServer } from './helpers/vies-server';

const ORIGIN = 'http://localhost:8888';
let vies: ViesServer;
let app: ReturnType<typeof checkoutHandler>;
/** What the local VIES answers per number; the server reads it at each request. */
const replies: Record<string, ViesReply> = {
  DE136308783: { json: VIES.valid('DE', '136308783', { name: 'Gartenbau Weber GmbH', address: 'Hauptstraße 5\n10115 Berlin', requestIdentifier: 'WAPIAAAAZ1234567' }) },
  BE0411905847: { json: VIES.invalid('BE', '0411905847') },
  IE6388047V: { json: VIES.error('MS_UNAVAILABLE') },
};

beforeAll(async () => {
  vies = await startViesServer(replies);
  app = checkoutHandler({ vies: viesAdapter({ endpoint: vies.endpoint, timeoutMs: 2000 }) });
});
afterAll(() => vies?.close());

const handler = (request: Request) => app.handler(request);
const form = (path: string, fields: Record<string, string>, cookie = '', origin = ORIGIN) => handler(new Request(`${ORIGIN}${path}`, {
  method: 'POST', redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...(cookie ? { cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
}));
const get = (path: string, cookie = '') => handler(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const count = async () => Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM business_accounts')).rows[0].n);

async function signIn(email: string, prefix = ''): Promise<string> {
  const box = await mailbox();
  const before = box.messages.length;
  expect((await form(`${prefix}/account`, { action: 'send', email })).status).toBe(200);
  const done = await form(`${prefix}/account`, { action: 'verify', email, code: codeIn(await box.next(email, before)) });
  expect(done.status).toBe(303);
  return cookiesOf(done);
}

async function accounts(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAccountsCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) }, {
    open: async () => ({ db: app.db, where: 'test database', close: async () => undefined }),
    env: {}, vies: viesAdapter({ endpoint: vies.endpoint, timeoutMs: 2000 }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const SCHOOL = {
  action: 'apply', kind: 'school', legal_name: 'École Jean Moulin', country: 'FR', street_address: '3 place de la Mairie', postal_code: '69007', address_locality: 'Lyon',
  vat_number: '', siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand', contact_phone: '',
};
const COMPANY = {
  action: 'apply', kind: 'company', legal_name: 'Gartenbau Weber GmbH', country: 'DE', street_address: 'Hauptstraße 5', postal_code: '10115', address_locality: 'Berlin',
  vat_number: 'DE 136 308 783', siret: '', uai: '', contact_name: 'Jonas Weber', contact_phone: '+49 30 1234567',
};

describe('a business applies on the site', () => {
  it('without a session the form asks to sign in first; a post without one is refused and stores nothing', async () => {
    const page = await (await get('/account/business')).text();
    expect(page).toContain('Connectez-vous d’abord');
    const refused = await form('/account/business', SCHOOL);
    expect(refused.status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('each wrong field gets its sentence beside it and nothing is stored', async () => {
    const cookie = await signIn('direction@ecole-moulin.example');
    const page = await (await get('/account/business', cookie)).text();
    expect(page).toContain('name="legal_name"');
    const wrong = await form('/account/business', { ...SCHOOL, siret: '38032143000024', uai: '0951099E', postal_code: '6900', legal_name: '' }, cookie);
    expect(wrong.status).toBe(422);
    const text = await wrong.text();
    expect(text).toMatch(/id="siret-error">Ce SIRET n’est pas valide/);
    expect(text).toMatch(/id="uai-error">La lettre de contrôle de ce code UAI/);
    expect(text).toMatch(/id="postal_code-error">Ce code postal n’existe pas/);
    expect(text).toMatch(/id="legal_name-error">Ce champ est obligatoire/);
    // The form keeps what was typed.
    expect(text).toContain('value="Claire Durand"');
    expect(await count()).toBe(0);
  });

  it('a French school without SIRET or UAI is told both are needed', async () => {
    const cookie = await signIn('secretariat@ecole-moulin.example');
    const text = await (await form('/account/business', { ...SCHOOL, siret: '', uai: '' }, cookie)).text();
    expect(text).toMatch(/id="siret-error">Ce champ est obligatoire/);
    expect(text).toMatch(/id="uai-error">Ce champ est obligatoire/);
  });

  it('a cross-site post is refused (403) and stores nothing', async () => {
    const cookie = await signIn('cross@ecole.example');
    const refused = await form('/account/business', SCHOOL, cookie, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(await count()).toBe(0);
  });

  it('a VAT number with wrong check digits, of another country, or unknown to VIES is refused beside its field', async () => {
    const cookie = await signIn('achat@firma.example', '/de');
    const checksum = await (await form('/de/account/business', { ...COMPANY, vat_number: 'DE136308784' }, cookie)).text();
    expect(checksum).toMatch(/id="vat_number-error">[^<]+/);
    expect(checksum).toContain('lang="de');
    const other = await (await form('/de/account/business', { ...COMPANY, vat_number: 'FR40303265045' }, cookie)).text();
    expect(other).toMatch(/id="vat_number-error">/);
    const before = vies.requests.length;
    const unknown = await form('/de/account/business', { ...COMPANY, country: 'BE', postal_code: '1000', address_locality: 'Bruxelles', vat_number: 'BE0411905847' }, cookie);
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toMatch(/id="vat_number-error">[^<]*VIES/);
    expect(vies.requests.length).toBe(before + 1);
    expect(await count()).toBe(0);
  });
});

describe('the merchant reviews applications', () => {
  let schoolCookie = '';
  let schoolId = '';

  it('a school applies, waits for review, and sees it on its account page', async () => {
    schoolCookie = await signIn('intendance@lycee-lumiere.example');
    const sent = await form('/account/business', { ...SCHOOL, legal_name: 'Lycée Lumière' }, schoolCookie);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/account?applied');
    const page = await (await get('/account?applied', schoolCookie)).text();
    expect(page).toContain('Demande envoyée');
    expect(page).toContain('Votre demande pour Lycée Lumière');
    // A second application while one is under way stores nothing and leads to the account.
    const again = await form('/account/business', { ...SCHOOL, legal_name: 'Autre école' }, schoolCookie);
    expect(again.status).toBe(303);
    expect((await get('/account/business', schoolCookie)).status).toBe(303);
    const { rows } = await app.db.query<{ id: string }>(`SELECT id FROM business_accounts WHERE legal_name = 'Lycée Lumière'`);
    expect(rows).toHaveLength(1);
    schoolId = rows[0].id;
    expect(await count()).toBe(1);
  });

  it('list and show tell the merchant what the application says, in sentences and euros; --json in cents', async () => {
    const list = await accounts('list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`${schoolId}\\s+pending\\s+school\\s+FR\\s+Lycée Lumière`));
    expect(list.out).toMatch(/0,00\s€/u);
    const show = await accounts('show', schoolId);
    expect(show.out).toContain('SIRET: 38032143000023');
    expect(show.out).toContain('UAI: 0951099D');
    expect(show.out).toContain('intendance@lycee-lumiere.example');
    const json = JSON.parse((await accounts('show', schoolId, '--json')).out);
    expect(json).toMatchObject({ id: schoolId, status: 'pending', kind: 'school', orders: { count: 0, total_cents: 0 } });
    expect((await accounts('show', 'ba_nope')).code).toBe(1);
    expect((await accounts('refuse', schoolId)).code).toBe(2);
    expect((await accounts('approve')).code).toBe(2);
    expect((await accounts('list', '--status', 'maybe')).code).toBe(2);
  });

  it('approve opens the organisation with the applicant as owner, on invoice terms, and tells them in their language', async () => {
    const box = await mailbox();
    const before = box.messages.length;
    const done = await accounts('approve', schoolId);
    expect(done.code).toBe(0);
    expect(done.out).toBe(`${schoolId} approved: Lycée Lumière (school, FR) pays on invoice within 30 days; applicant e-mail queued`);
    await app.ucp.deliverOutbox();
    const mail = await box.next('intendance@lycee-lumiere.example', before);
    expect(mail.subject).toContain('Votre compte professionnel');
    expect(mail.text).toContain('virement dans les 30 jours');
    const page = await (await get('/account', schoolCookie)).text();
    expect(page).toContain('Compte professionnel de Lycée Lumière');
    expect(page).toContain('Paiement par virement dans les 30 jours');
    expect(page).toContain('intendance@lycee-lumiere.example (responsable du compte)');
    // Deciding twice changes nothing.
    const twice = await accounts('approve', schoolId);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('not pending');
    const { rows } = await app.db.query<{ n: string }>('SELECT count(*) AS n FROM "auth_organization"');
    expect(Number(rows[0].n)).toBe(1);
  });

  it('a company with a VIES-valid number: VIES is asked with the store’s own number and its answer recorded', async () => {
    const cookie = await signIn('einkauf@weber.example', '/de');
    const sent = await form('/de/account/business', COMPANY, cookie);
    expect(sent.status).toBe(303);
    const asked = vies.requests.at(-1)!.body as Record<string, string>;
    expect(asked).toMatchObject({ countryCode: 'DE', vatNumber: '136308783', requesterMemberStateCode: 'FR', requesterNumber: '65912345675' });
    const { rows: [row] } = await app.db.query<{ id: string; status: string; vat_check: Record<string, string>; locale: string }>(`SELECT id, status, vat_check, locale FROM business_accounts WHERE country = 'DE'`);
    expect(row).toMatchObject({ status: 'pending', locale: 'de', vat_check: { result: 'valid', name: 'Gartenbau Weber GmbH', consultation: 'WAPIAAAAZ1234567' } });
    const box = await mailbox();
    const before = box.messages.length;
    expect((await accounts('approve', row.id)).out).toContain('pays by card');
    await app.ucp.deliverOutbox();
    const mail = await box.next('einkauf@weber.example', before);
    expect(mail.html).toContain('lang="de-DE"');
    const page = await (await get('/de/account', cookie)).text();
    expect(page).toContain('DE136308783');
    expect(page).toContain('VIES');
  });

  it('while VIES is down the application waits: neither granted nor refused, and recheck moves it on once VIES answers', async () => {
    const cookie = await signIn('buyer@irish-farm.example', '/en');
    const sent = await form('/en/account/business', { ...COMPANY, country: 'IE', postal_code: 'D02 X285', address_locality: 'Dublin', vat_number: 'IE6388047V' }, cookie);
    expect(sent.status).toBe(303);
    const { rows: [row] } = await app.db.query<{ id: string; status: string }>(`SELECT id, status FROM business_accounts WHERE country = 'IE'`);
    expect(row.status).toBe('awaiting_vies');
    expect(await (await get('/en/account', cookie)).text()).toContain('VIES, the EU register of VAT numbers, is not answering');
    const early = await accounts('approve', row.id);
    expect(early.code).toBe(1);
    expect(early.err).toContain(`recheck ${row.id}`);
    expect((await accounts('recheck', row.id)).out).toContain('still unavailable (MS_UNAVAILABLE)');
    replies.IE6388047V = { json: VIES.valid('IE', '6388047V', { name: 'Irish Farm Ltd', address: 'Dublin', requestIdentifier: 'WAPIAAAAZ7654321' }) };
    expect((await accounts('recheck', row.id)).out).toContain('is valid; the application is pending your decision');
    expect((await accounts('recheck', row.id)).code).toBe(1);
  });

  it('refuse tells the applicant the reason, word for word; they may apply again', async () => {
    const cookie = await signIn('contact@asso-jardins.example');
    await form('/account/business', { ...SCHOOL, kind: 'association', legal_name: 'Jardins partagés', uai: '' }, cookie);
    const { rows: [row] } = await app.db.query<{ id: string }>(`SELECT id FROM business_accounts WHERE legal_name = 'Jardins partagés'`);
    const box = await mailbox();
    const before = box.messages.length;
    const done = await accounts('refuse', row.id, '--reason', 'Le SIRET ne correspond pas à une association.');
    expect(done.code).toBe(0);
    await app.ucp.deliverOutbox();
    expect((await box.next('contact@asso-jardins.example', before)).text).toContain('Le SIRET ne correspond pas à une association.');
    const page = await (await get('/account', cookie)).text();
    expect(page).toContain('n’a pas été acceptée');
    expect(page).toContain('Faire une nouvelle demande');
    expect((await get('/account/business', cookie)).status).toBe(200);
  });

  it('two accounts: a signed-in person never sees another’s application or organisation', async () => {
    const stranger = await signIn('stranger@example.org');
    const page = await (await get('/account', stranger)).text();
    expect(page).not.toContain('Lycée Lumière');
    expect(page).toContain('Ouvrir un compte professionnel');
    expect(await (await get('/account', schoolCookie)).text()).toContain('Lycée Lumière');
  });
});
