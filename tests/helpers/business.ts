/**
 * A business customer in tests: a person signed in through the account pages (the code read from
 * the test mailbox) in a `Shopper` browser, and their organisation applied for on the site and
 * approved by the merchant (src/checkout/business-accounts.ts), its approval mail delivered.
 */
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../../src/accounts/session-cookie';
import type { BusinessTerms } from '../../src/commerce/business';
import { approveApplication } from '../../src/checkout/business-accounts';
import { ORIGIN, type checkoutHandler } from './checkout';
import { codeIn, mailbox } from './mail';
import { Shopper } from './shopper';

type App = ReturnType<typeof checkoutHandler>;

/** A browser signed in as `email`, through `/<prefix>/account`. */
export async function signedIn(app: App, email: string, prefix = ''): Promise<Shopper> {
  const shopper = new Shopper((r) => app.handler(r));
  const box = await mailbox();
  const before = box.messages.length;
  expect((await shopper.post(`${prefix}/account`, { action: 'send', email })).status).toBe(200);
  expect((await shopper.post(`${prefix}/account`, { action: 'verify', email, code: codeIn(await box.next(email, before)) })).status).toBe(303);
  expect(shopper.cookies.has(SESSION_COOKIE)).toBe(true);
  return shopper;
}

/** The application form's fields, all given (empty where not asked). */
export type Application = Record<'kind' | 'legal_name' | 'country' | 'street_address' | 'postal_code' | 'address_locality' | 'vat_number' | 'siret' | 'uai' | 'contact_name' | 'contact_phone', string>;

/** A school's application, all its fields (the lycée of most business tests). */
export const SCHOOL_APPLICATION: Application = {
  kind: 'school', legal_name: 'Lycée agricole du Rhône', country: 'FR', street_address: '1 route de Lyon', postal_code: '69290', address_locality: 'Craponne',
  vat_number: '', siret: '38032143000023', uai: '0951099D', contact_name: 'Claire Durand', contact_phone: '',
};

/**
 * A signed-in member of an approved business: signs in, applies with `application`, and the
 * merchant approves it (with `grant` beyond the kind's terms).
 */
export async function approvedBusiness(app: App, email: string, application: Application, prefix = '', grant: Partial<BusinessTerms> = {}): Promise<Shopper> {
  const shopper = await signedIn(app, email, prefix);
  const applied = await shopper.post(`${prefix}/account/business`, { action: 'apply', ...application });
  expect(applied.status, applied.html.slice(0, 400)).toBe(303);
  const { rows: [row] } = await app.db.query<{ id: string }>(`SELECT b.id FROM business_accounts b JOIN "auth_user" u ON u.id = b.user_id WHERE u.email = $1`, [email]);
  expect((await approveApplication(app.ucp.commerce.context(ORIGIN), row.id, grant)).ok).toBe(true);
  await app.ucp.deliverOutbox();
  return shopper;
}
