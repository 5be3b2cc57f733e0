/**
 * The orders of a signed-in account for its account page (issue "Business accounts",
 * criterion 2): every paid order placed with the account's verified e-mail, earlier ones
 * included, each with the link to its order page and to its documents. The session's verified
 * e-mail is the only key: nothing of another address is ever read.
 */
import type { Locale } from '../catalog/locales';
import type { DocumentRecord } from '../commerce/documents';
import type { AccountSession } from '../accounts/sign-in';
import { documentsOfOrder } from '../state/documents';
import { paidOrdersOfEmail } from '../state/orders';
import type { CommerceContext } from './context';
import type { PaidOrder } from './orders';
import { documentPaths, orderUrl } from './urls';

/** One order of the account page. */
export interface AccountOrder {
  order: PaidOrder;
  /** The order status page, with its secret. */
  url: string;
  /** Its invoice and credit notes, oldest first, each with its page and PDF links (the order page's secret). */
  documents: Array<{ document: DocumentRecord; url: string; pdfUrl: string }>;
}

/**
 * The paid orders of the session's verified e-mail, newest first (at most 100).
 * @param locale the language of the links
 * @throws StateError when the database fails
 */
export async function accountOrders(ctx: CommerceContext, session: Pick<AccountSession, 'email'>, locale: Locale): Promise<AccountOrder[]> {
  const orders = await paidOrdersOfEmail(ctx.db, session.email) as PaidOrder[];
  return Promise.all(orders.map(async (order) => {
    const url = await orderUrl(ctx, order, locale);
    const secret = new URL(url).searchParams.get('s')!;
    const documents = (await documentsOfOrder(ctx.db, order.id)).map((document) => {
      const paths = documentPaths(order.id, document.id, secret, locale);
      return { document, url: `${ctx.baseUrl}${paths.url}`, pdfUrl: `${ctx.baseUrl}${paths.pdfUrl}` };
    });
    return { order, url, documents };
  }));
}
