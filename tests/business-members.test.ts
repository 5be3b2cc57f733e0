// The people of a business account (src/checkout/business-members.ts through the account page):
// an owner invites a colleague by e-mail; the colleague, signed in with that address, joins and
// then buys on the organisation's terms (on invoice); another person cannot use the invitation;
// a buyer cannot invite or remove; an owner removes a buyer, who buys as a consumer again; one
// organisation per person. Real PostgreSQL and SMTP, the library's organization plugin.
import { describe, expect, it } from 'vitest';
import { ITEMS } from './helpers/content';
import { checkoutHandler, uuid } from './helpers/checkout';
import { SCHOOL_APPLICATION, approvedBusiness, signedIn } from './helpers/business';
import { mailbox } from './helpers/mail';
import { FRENCH_BUYER, type Shopper, checkoutForm } from './helpers/shopper';

const app = checkoutHandler();
const SCHOOL = SCHOOL_APPLICATION;

const invitationOnPage = async (shopper: Shopper) => (await shopper.get('/account')).$('.invitations input[name=invitation_id]').first().val() as string | undefined;

async function invite(owner: Shopper, email: string, role = 'buyer') {
  return owner.post('/account', { action: 'invite', invite_email: email, invite_role: role });
}

async function checkoutPage(shopper: Shopper, email: string) {
  expect((await shopper.post('/cart/add', { id: ITEMS.stocked.variant.id, quantity: 1 })).status).toBe(303);
  const first = await shopper.get('/checkout');
  expect((await shopper.post('/checkout', { ...checkoutForm(first), ...FRENCH_BUYER, email, action: 'save' })).status).toBe(303);
  return shopper.get('/checkout');
}

describe('members of a business account', () => {
  const ownerEmail = `direction+${uuid()}@lycee.example`;
  const teacherEmail = `prof+${uuid()}@lycee.example`;
  let owner: Shopper;
  let teacher: Shopper;

  it('an owner invites a colleague: the e-mail says who invites, for which organisation, and how to accept', async () => {
    owner = await approvedBusiness(app, ownerEmail, SCHOOL);
    const box = await mailbox();
    const before = box.messages.length;
    const sent = await invite(owner, teacherEmail.toUpperCase());
    expect(sent.status).toBe(303);
    const page = await owner.follow(sent);
    expect(page.$('.notice.ok').text()).toBe(`Invitation envoyée à ${teacherEmail}.`);
    expect(page.$('.members').text()).toContain(`${teacherEmail} : invitation envoyée`);
    await app.ucp.deliverOutbox();
    const mail = await box.next(teacherEmail, before);
    expect(mail.subject).toBe(`${ownerEmail} vous invite à acheter pour Lycée agricole du Rhône chez Poissons & Pousses`);
    expect(mail.text).toContain(`connectez-vous sur votre compte avec cette adresse, ${teacherEmail}`);
    expect(mail.text).toContain('/account');
  });

  it('refuses a malformed address and an existing member beside the field, storing nothing', async () => {
    const bad = await invite(owner, 'pas-une-adresse');
    expect(bad.status).toBe(422);
    expect(bad.$('#invite_email-error').text()).toContain('adresse e-mail complète');
    expect(bad.$('#invite_email').val()).toBe('pas-une-adresse');
    const self = await invite(owner, ownerEmail);
    expect(self.status).toBe(422);
    expect(self.$('#invite_email-error').text()).toContain('fait déjà partie');
    const { rows } = await app.db.query(`SELECT 1 FROM "auth_invitation" WHERE email IN ('pas-une-adresse', $1)`, [ownerEmail]);
    expect(rows).toEqual([]);
  });

  it('someone else, signed in, neither sees nor can accept the invitation', async () => {
    const stranger = await signedIn(app, `autre+${uuid()}@example.org`);
    expect(await invitationOnPage(stranger)).toBeUndefined();
    const { rows: [invitation] } = await app.db.query<{ id: string }>(`SELECT id FROM "auth_invitation" WHERE email = $1`, [teacherEmail]);
    const tried = await stranger.follow(await stranger.post('/account', { action: 'accept_invitation', invitation_id: invitation.id }));
    expect(tried.$('.notice.no').text()).toContain('plus valable');
    expect(tried.html).not.toContain('Lycée agricole du Rhône');
    // Signed out, the post asks for a sign-in and changes nothing.
    const { Shopper: Browser } = await import('./helpers/shopper');
    const anonymous = new Browser((r) => app.handler(r));
    expect((await anonymous.post('/account', { action: 'accept_invitation', invitation_id: invitation.id })).status).toBe(401);
    const { rows: [still] } = await app.db.query<{ status: string }>(`SELECT status FROM "auth_invitation" WHERE id = $1`, [invitation.id]);
    expect(still.status).toBe('pending');
  });

  it('the colleague signs in with that address, joins, and orders on the organisation’s terms (on invoice)', async () => {
    teacher = await signedIn(app, teacherEmail);
    const id = await invitationOnPage(teacher);
    // The page offers the very invitation the owner sent to this address.
    const { rows: [sent] } = await app.db.query<{ id: string }>(`SELECT id FROM "auth_invitation" WHERE email = $1 AND status = 'pending'`, [teacherEmail]);
    expect(id).toBe(sent.id);
    const joined = await teacher.follow(await teacher.post('/account', { action: 'accept_invitation', invitation_id: id! }));
    expect(joined.$('.notice.ok').text()).toContain('Lycée agricole du Rhône');
    expect(joined.$('.members').text()).toContain(`${teacherEmail} (acheteur)`);
    // A buyer has no invitation form.
    expect(joined.$('#invite_email').length).toBe(0);
    const page = await checkoutPage(teacher, teacherEmail);
    expect(page.$('[data-business]').text()).toContain('Lycée agricole du Rhône');
    expect(page.$('button[value=order_on_invoice]').length).toBe(1);
  });

  it('a buyer cannot invite or remove; the post changes nothing', async () => {
    const stranger = `x+${uuid()}@lycee.example`;
    const tried = await teacher.follow(await invite(teacher, stranger));
    expect(tried.$('.notice.no').text()).toContain('Seuls les responsables');
    expect((await app.db.query(`SELECT 1 FROM "auth_invitation" WHERE email = $1`, [stranger])).rows).toEqual([]);
    const removal = await teacher.follow(await teacher.post('/account', { action: 'remove_member', member_email: ownerEmail }));
    expect(removal.$('.notice.no').text()).toContain('Seuls les responsables');
    expect(removal.$('.members').text()).toContain(ownerEmail);
  });

  it('a member of one organisation cannot join a second', async () => {
    const otherOwner = await approvedBusiness(app, `dir+${uuid()}@college.example`, { ...SCHOOL, kind: 'company', legal_name: 'Collège Jean Zay', siret: '73282932000074', uai: '' });
    expect((await invite(otherOwner, teacherEmail)).status).toBe(303);
    const { rows: [invitation] } = await app.db.query<{ id: string }>(`SELECT i.id FROM "auth_invitation" i JOIN "auth_organization" o ON o.id = i."organizationId" WHERE i.email = $1 AND o.name = 'Collège Jean Zay'`, [teacherEmail]);
    const tried = await teacher.follow(await teacher.post('/account', { action: 'accept_invitation', invitation_id: invitation.id }));
    expect(tried.$('.notice.no').text()).toContain('déjà partie d’une organisation');
    const { rows } = await app.db.query(`SELECT 1 FROM "auth_member" m JOIN "auth_user" u ON u.id = m."userId" WHERE u.email = $1`, [teacherEmail]);
    expect(rows.length).toBe(1);
  });

  it('invited by two organisations and accepting both at once: one organisation, and the other answer says why', async () => {
    const person = `double+${uuid()}@example.org`;
    const owners = await Promise.all(['Collège Camus', 'Collège Sand'].map((name, i) => approvedBusiness(app, `dir${i}+${uuid()}@college.example`, { ...SCHOOL, kind: 'company', legal_name: name, siret: '73282932000074', uai: '' })));
    for (const o of owners) expect((await invite(o, person)).status).toBe(303);
    const invited = await signedIn(app, person);
    const { rows: invitations } = await app.db.query<{ id: string }>(`SELECT id FROM "auth_invitation" WHERE email = $1 AND status = 'pending'`, [person]);
    expect(invitations).toHaveLength(2);
    const answers = await Promise.all(invitations.map((i) => invited.post('/account', { action: 'accept_invitation', invitation_id: i.id })));
    expect(answers.map((a) => a.location).sort()).toEqual(['/account?joined=', '/account?one_organisation=']);
    const { rows } = await app.db.query(`SELECT 1 FROM "auth_member" m JOIN "auth_user" u ON u.id = m."userId" WHERE u.email = $1`, [person]);
    expect(rows.length).toBe(1);
  });

  it('an owner removes a buyer, who buys as a consumer from then on', async () => {
    const removed = await owner.follow(await owner.post('/account', { action: 'remove_member', member_email: teacherEmail }));
    expect(removed.$('.notice.ok').text()).toContain(`${teacherEmail} ne fait plus partie`);
    expect(removed.$('.members').text()).not.toContain(teacherEmail);
    const page = await teacher.get('/checkout');
    expect(page.$('[data-business]').length).toBe(0);
    expect(page.$('button[value=order_on_invoice]').length).toBe(0);
  });
});
