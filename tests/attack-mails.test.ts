// The attack strings through a whole order, to its e-mails (docs/agent-commerce.md "Carts and
// checkouts", "Orders after payment"). Two kinds of hostile text reach a real order:
// - what MCP accepts because it is printable (HTML, spreadsheet formulas, bidirectional
//   overrides, a mailbox whose local part starts with "="): stored as sent, escaped in the HTML
//   part, written as it is in the text part, neutralised in the CSV, escaped by the CLI;
// - what MCP refuses (C0/C1 controls) but a checkout stored before the refusals may still hold:
//   it never reaches any part of any e-mail (a CR/LF cannot forge a line, an ESC cannot act).
// Each buyer e-mail of the order is read from a real SMTP server: the approval code, the
// confirmation, the shipment and the refund, and the merchant's new-order mail.
import { describe, expect, it } from 'vitest';
import { ADDRESS, approve, callTool, checkoutHandler, line, payment, readyCheckout, uuid } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { mailbox, type Received } from './helpers/mail';
import { ordersCli } from './helpers/orders';
import { catalog } from './helpers/ucp';
import { mailUi } from '../src/i18n/mail-ui';


const { handler, db, ucp } = checkoutHandler();
const send = () => ucp.deliverOutbox({ origin: 'http://localhost:8888' });

/** Printable attack strings MCP accepts, one per free-text field of the buyer and the address. */
const PRINTABLE = {
  email: '=HYPERLINK@example.org',
  first_name: '<img src=x onerror=alert(1)>',
  last_name: '=1+2&"Martin"',
  extended_address: '@SUM(A1) \u202etxt.exe',
  address_locality: "Lyon'><script>alert(2)</script>",
};

/** Control characters of the attack run, written into the checkout row as if stored before the refusals. */
const STORED_CONTROLS = {
  street_address: '12 rue\u001b[2J\u001b[H des\u0085Mariniers\r\ntotal     0.00 €',
};

/** C0 and C1 controls, without the line feed that ends the lines of a text part. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** What an HTML part must never hold: one of the attack strings' tags as markup. */
const RAW_MARKUP = /<(img|script|b)\b[^>]*>(?![^<]*<\/style)/i;

/** Both parts and the subject of a message hold no control character and no injected markup. */
function expectClean(mail: Received, name: string) {
  expect(mail.subject, `${name}: subject`).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  expect(mail.text.replace(/\r?\n/g, '\n'), `${name}: text part`).not.toMatch(RAW_CONTROL);
  expect(mail.html.replace(/\r?\n/g, '\n'), `${name}: HTML part`).not.toMatch(RAW_CONTROL);
  expect(mail.html, `${name}: HTML part`).not.toMatch(RAW_MARKUP);
  expect(mail.text.split('\n').filter((l) => /^\s*total\s+0/.test(l)), `${name}: no forged line`).toEqual([]);
}

/** The next message to `to` after `after` with this subject (others to the buyer may come in between). */
async function received(to: string, after: number, subject: string): Promise<Received> {
  for (let seq = after; ;) {
    const mail = await (await mailbox()).next(to, seq);
    if (mail.subject === subject) return mail;
    seq = mail.seq;
  }
}

describe('attack strings through a whole order and its e-mails', () => {
  it('printable ones are stored as sent, shown as text in each e-mail; stored controls reach none; CLI and CSV stay inert', async () => {
    const box = await mailbox();
    const to = PRINTABLE.email.toLowerCase();
    const { email, first_name, last_name, ...street } = PRINTABLE;
    const address = { ...ADDRESS.FR, first_name, last_name, ...street };
    const ready = await readyCheckout(handler, [line(ITEMS.small.variant.id, 2), line(ITEMS.stocked.variant.id)], { email, address });

    // Stored as sent (printable text is the buyer's to write).
    const { rows: [stored] } = await db.query<{ data: { buyer: object; address: Record<string, string> } }>('SELECT data FROM checkouts WHERE id = $1', [ready.id]);
    expect(stored.data.buyer).toMatchObject({ email });
    expect(stored.data.address).toMatchObject({ first_name, last_name, ...street });

    // A checkout stored before the refusals: controls in its street line.
    await db.query(`UPDATE checkouts SET data = jsonb_set(data, '{address}', data -> 'address' || $2::jsonb) WHERE id = $1`, [ready.id, JSON.stringify(STORED_CONTROLS)]);

    let seen = box.messages.length;
    const { mail: code } = await approve(handler, ready);
    expect(code.to).toEqual([to]);
    // The confirmation leaves right after complete_checkout's response.
    seen = box.messages.length;
    const done = await callTool(handler, 'complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: payment() } });
    expect(done.status, JSON.stringify(done.messages)).toBe('completed');
    const label = done.order.label as string;
    const ui = mailUi('fr');
    const store = catalog.store.name;

    await send();
    const confirmation = await received(to, seen, ui.confirmSubject({ label, store }));
    const merchant = await box.next(catalog.store.mail.merchant!, seen);
    expect(merchant.subject).toContain(label);

    seen = box.messages.length;
    expect((await ordersCli(db, ['ship', label, '--carrier', 'La Poste', '--tracking-number', '6A0042'])).code).toBe(0);
    await send();
    const shipment = await received(to, seen, ui.shippedSubject({ label, store }));

    seen = box.messages.length;
    const reason = 'Colis <i>abîmé</i> =1+1';
    const refunded = await ordersCli(db, ['refund', label, '--amount', '5', '--reason', reason]);
    expect(refunded.code, refunded.err).toBe(0);
    await send();
    const refund = await received(to, seen, ui.refundedSubject({ label, store }));

    const mails = { code, confirmation, merchant, shipment, refund };
    for (const [name, mail] of Object.entries(mails)) expectClean(mail, name);

    // Printable text reaches the buyer as written: as text in the text part, escaped in the HTML part.
    for (const mail of [confirmation, merchant]) {
      for (const value of [`${first_name} ${last_name}`, street.extended_address, street.address_locality]) expect(mail.text, value).toContain(value);
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.html).toContain('Lyon&#39;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    }
    // The stored controls became spaces: the forged total is a part of the street's line.
    expect(confirmation.text).toContain('12 rue [2J [H des Mariniers  total     0.00 €');
    expect(refund.text).toContain(reason);
    expect(refund.html).toContain('Colis &lt;i&gt;abîmé&lt;/i&gt; =1+1');

    // The order row keeps what was sent; the merchant's terminal and spreadsheet see it inert.
    const { rows: [order] } = await db.query<{ buyer_email: string; data: { destination: Record<string, string> } }>('SELECT buyer_email, data FROM orders WHERE id = $1', [done.order.id]);
    expect(order.buyer_email).toBe(email);
    expect(order.data.destination).toMatchObject({ ...STORED_CONTROLS, first_name, last_name, ...street });
    const shown = await ordersCli(db, ['show', label]);
    expect(shown.out).not.toMatch(RAW_CONTROL);
    expect(shown.out).toContain('\\u202etxt.exe');
    expect(shown.out).toContain('12 rue\\x1b[2J\\x1b[H des\\x85Mariniers\\x0d\\x0atotal');
    const csv = await ordersCli(db, ['export', '--csv']);
    const row = csv.out.split('\r\n').find((l) => l.startsWith(done.order.id))!;
    expect(row).toContain(`,'${email},`);
  });
});
