/**
 * Following up orders on invoice (src/commerce/payment-terms.ts): once an order's due date has
 * passed without the whole amount received, the sweep (netlify/functions/sweep.ts) e-mails one
 * reminder to the buyer and one note to the merchant, and records that it did, in one
 * transaction per run, so each is sent once however many sweeps run.
 */
import type { Locale } from '../catalog/locales';
import { reminderDue } from '../commerce/payment-terms';
import { totalAmount } from '../commerce/totals';
import { queueOverdueMails } from '../mail/payment-reminders';
import { type Db, transaction } from '../state/db';
import { loadOrder, lockOverdueInvoiceOrders, saveOrder } from '../state/orders';

/**
 * Reminds the overdue orders on invoice that were not reminded yet.
 * @param merchantLocale the store's default locale (the merchant's note)
 * @param now epoch ms
 * @returns how many orders were reminded
 * @throws StateError when the database fails (nothing recorded)
 */
export async function remindOverdueInvoices(db: Db, merchantLocale: Locale, now: number, limit = 50): Promise<number> {
  return transaction(db, async (tx) => {
    let reminded = 0;
    for (const id of await lockOverdueInvoiceOrders(tx, now, limit)) {
      const order = await loadOrder(tx, id);
      if (!order?.invoice_payment || !reminderDue(order.invoice_payment, totalAmount(order.totals), now)) continue;
      await saveOrder(tx, { ...order, invoice_payment: { ...order.invoice_payment, reminded_at: new Date(now).toISOString() } }, now);
      await queueOverdueMails(tx, order, merchantLocale, now);
      reminded++;
    }
    return reminded;
  });
}
