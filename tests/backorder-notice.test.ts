// A line sold on backorder is told before the buyer pays, not only after (issue "A purchase
// without friction"): on the site's checkout page from the first visit, on the approval page of an
// agent's checkout, in the confirmation e-mail beside the delivery time, and on the order page.
import { describe, expect, it } from 'vitest';
import { approve, checkoutHandler, complete, findVariant, line, openApproval, readyCheckout } from './helpers/checkout';
import { testDb } from './helpers/db';
import { mailbox } from './helpers/mail';
import { Shopper } from './helpers/shopper';

const db = testDb();
const { handler, ucp } = checkoutHandler({ db });
const backorder = findVariant((p, v) => v.inventory?.policy === 'continue' && v.inventory.quantity === 0 && v.grams > 0 && v.grams < 5000 && !p.freight && (!p.ships_to || p.ships_to.includes('FR')), 'a parcel sold on backorder with nothing in stock, shipped to France');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const title = (locale: 'fr' | 'de') => backorder.product.title[locale] ?? backorder.product.title.fr;

describe('a backordered line, before and after payment', () => {
  it('the site checkout says so on the first visit, as a notice, not an error', async () => {
    const shopper = new Shopper(handler);
    await shopper.post('/cart/add', { id: backorder.variant.id, quantity: 2 });
    const page = await shopper.get('/checkout');
    const notice = page.$('[data-backorder]');
    expect(notice.length).toBe(1);
    expect(notice.hasClass('wait')).toBe(true);
    expect(notice.text()).toContain(title('fr'));
    expect(notice.text()).toContain('2 article(s) seront expédiés dès leur réassort');
  });

  it('the approval page, the confirmation e-mail and the order page say so too', async () => {
    const box = await mailbox();
    const ready = await readyCheckout(handler, [line(backorder.variant.id)], { language: 'de' });
    const page = await openApproval(handler, ready.continue_url);
    expect(page.text).toMatch(new RegExp(`<p class="notice wait" role="status" data-backorder>[^<]*${escape(title('de'))}`));
    await approve(handler, ready);
    const seen = box.messages.length;
    const done = await complete(handler, ready.id);
    expect(done.status).toBe('completed');
    await ucp.deliverOutbox({ origin: 'http://localhost:8888' });
    const mail = box.messages.find((m) => m.seq > seen && m.to.includes(ready.buyer.email.toLowerCase()))!;
    expect(mail.text).toMatch(new RegExp(`Nachbestellt: Versand nach Wiederauffüllung\\s*\\n\\s*1 × ${escape(title('de'))}`));
    const order = await (await handler(new Request(done.order.permalink_url))).text();
    expect(order).toContain('Nachbestellt: Versand nach Wiederauffüllung');
  });
});
