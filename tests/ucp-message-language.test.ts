// UCP messages follow `context.language` (docs/agent-commerce.md "Context hints"; issue 39
// criterion 4): a cart, checkout or catalog call whose language names one of the store's 12
// locales gets the `content` of each message made from a core problem in that locale (the
// sentences of the store's own pages, src/checkout/problem-text.ts), with the same code, type,
// severity and path as without a language; without one, or with a language the store lacks, the
// English sentences for agents as before. At both UCP versions, every result validated against
// the official schemas of the version it declares (callTool), refused creations included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localize } from '../src/catalog/localize';
import type { Locale } from '../src/catalog/locales';
import { shopUi } from '../src/i18n/shop-ui';
import { CAPABILITIES, UCP_VERSIONS } from '../src/ucp/version';
import { callTool, checkoutHandler, line } from './helpers/checkout';
import { ITEMS } from './helpers/content';
import { testDb } from './helpers/db';
import { platformProfile, profileServer } from './helpers/ucp';

interface Message { type: string; code: string; content: string; severity?: string; path?: string }

const { stocked, soldOut } = ITEMS;
const UNKNOWN = 'no-such-variant';

const json = (body: unknown) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const profileAt = (version: string) => platformProfile(version, Object.fromEntries(Object.keys(CAPABILITIES).map((c) => [c, [version]])));

let server: Awaited<ReturnType<typeof profileServer>>;
beforeAll(async () => {
  server = await profileServer(Object.fromEntries(UCP_VERSIONS.map((v) => [`/agent-${v}.json`, json(profileAt(v))])));
});
afterAll(() => server.close());

const { handler } = checkoutHandler({ db: testDb() });

/** Everything of the messages but their words. */
const shape = (messages: readonly Message[]) => messages.map(({ content: _content, ...rest }) => rest);
const byCode = (messages: readonly Message[], code: string) => messages.find((m) => m.code === code)!;

/** The checkout's problems: an unknown variant, a sold-out line, no e-mail, no address. */
const checkoutLines = [line(UNKNOWN), line(soldOut.variant.id), line(stocked.variant.id)];

describe.each(UCP_VERSIONS)('at %s', (version) => {
  const meta = () => ({ 'ucp-agent': { profile: `${server.url}/agent-${version}.json` } });
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await callTool(handler, name, { ...args, meta: meta() });
    expect(result.ucp.version).toBe(version);
    return result;
  };
  const createCheckout = (language?: string) => call('create_checkout', { checkout: { line_items: checkoutLines, ...(language ? { context: { language } } : {}) } });

  it('a checkout without context.language: the English sentences for agents, as before', async () => {
    const english = await createCheckout();
    const messages: Message[] = english.messages;
    expect(byCode(messages, 'not_found').content).toBe(`No variant has the id "${UNKNOWN}" (line_items[0].item.id); find variant ids with search_catalog.`);
    expect(byCode(messages, 'out_of_stock').content).toBe(`${localize(soldOut.product.title, 'fr')} is out of stock; it was not added.`);
    expect(messages).toContainEqual({ type: 'error', code: 'missing', content: 'The buyer\'s email is required (buyer.email).', severity: 'recoverable', path: '$.buyer.email' });
  });

  it.each<[string, Locale]>([['de', 'de'], ['de-AT', 'de'], ['fr', 'fr'], ['cs-CZ', 'cs']])('a checkout in %s: the same codes, types, severities and paths, every sentence in the store\'s %s', async (language, locale) => {
    const ui = shopUi(locale);
    const english = await createCheckout();
    const created = await createCheckout(language);
    // The creation's messages (the left-out lines included), then get_checkout's, from the stored context.
    const pairs: Array<[Message[], Message[]]> = [
      [created.messages, english.messages],
      [(await call('get_checkout', { id: created.id })).messages, (await call('get_checkout', { id: english.id })).messages],
    ];
    for (const [messages, inEnglish] of pairs) {
      expect(shape(messages)).toEqual(shape(inEnglish));
      expect(messages.find((m) => m.path === '$.buyer.email')!.content).toBe(ui.emailMissing);
      for (const [i, m] of messages.entries()) expect(m.content, m.code).not.toBe(inEnglish[i].content);
    }
    expect(byCode(created.messages, 'not_found').content).toBe(ui.unknownVariant);
    expect(byCode(created.messages, 'out_of_stock').content).toBe(ui.outOfStock({ title: localize(soldOut.product.title, locale) }));
  });

  it('German sentences, word for word (the catalogue is messages/de.json)', async () => {
    const messages: Message[] = (await createCheckout('de')).messages;
    expect(messages.find((m) => m.path === '$.buyer.email')!.content).toBe('Geben Sie Ihre E-Mail-Adresse ein.');
    expect(byCode(messages, 'not_found').content).toBe('Dieser Artikel existiert nicht oder ist nicht mehr erhältlich.');
  });

  it('a language the store does not sell in: English, as without a language', async () => {
    const english: Message[] = (await createCheckout()).messages;
    expect((await createCheckout('ja')).messages).toEqual(english);
  });

  it('a refused creation (nothing can be bought) answers in the request\'s language, checkout and cart alike', async () => {
    for (const [name, key] of [['create_checkout', 'checkout'], ['create_cart', 'cart']] as const) {
      const english = await call(name, { [key]: { line_items: [line(UNKNOWN)] } });
      const german = await call(name, { [key]: { line_items: [line(UNKNOWN)], context: { language: 'de' } } });
      expect(german.ucp.status).toBe('error');
      expect(shape(german.messages)).toEqual(shape(english.messages));
      expect(german.messages.map((m: Message) => m.content)).toEqual([shopUi('de').unknownVariant]);
      expect(english.messages[0].content).toContain(UNKNOWN);
    }
  });

  it('a cart follows its context.language, and get_cart the stored one', async () => {
    const cartLines = [line(UNKNOWN), line(soldOut.variant.id), line(stocked.variant.id)];
    const english = await call('create_cart', { cart: { line_items: cartLines } });
    const czech = await call('create_cart', { cart: { line_items: cartLines, context: { language: 'cs' } } });
    expect(shape(czech.messages)).toEqual(shape(english.messages));
    expect(czech.messages.map((m: Message) => m.content)).toEqual([shopUi('cs').unknownVariant, shopUi('cs').outOfStock({ title: localize(soldOut.product.title, 'cs') })]);
    expect(english.messages[0].content).toContain(UNKNOWN);
    const french = shopUi('fr').currencyOnly({ store: 'EUR' });
    const updated = await call('update_cart', { id: czech.id, cart: { line_items: [line(UNKNOWN), line(stocked.variant.id)], context: { language: 'fr', currency: 'USD' } } });
    expect(updated.messages.map((m: Message) => m.content)).toEqual([french, shopUi('fr').unknownVariant]);
    expect((await call('get_cart', { id: czech.id })).messages.map((m: Message) => [m.code, m.content])).toEqual([['currency_unsupported', french]]);
  });

  it('the catalog tools word the hints\' problems in the request\'s language', async () => {
    const english = await call('search_catalog', { catalog: { query: 'kit', context: { currency: 'USD' } } });
    const german = await call('search_catalog', { catalog: { query: 'kit', context: { currency: 'USD', language: 'de' } } });
    const hint = (r: { messages: Message[] }) => byCode(r.messages, 'currency_unsupported');
    expect(hint(english).content).toMatch(/^Prices are in EUR/);
    expect({ ...hint(german), content: undefined }).toEqual({ ...hint(english), content: undefined });
    expect(hint(german).content).toBe(shopUi('de').currencyOnly({ store: 'EUR' }));
  });
});
