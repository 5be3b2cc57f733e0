/**
 * A person's browser on the shop's pages, in-process: a cookie jar (the `cart` cookie the
 * function sets), same-origin form posts as a browser sends them (`Origin`,
 * `Sec-Fetch-Site: same-origin`), and the forms' hidden values read from the page with cheerio.
 */
import * as cheerio from 'cheerio';
import type { Handler } from './ucp';
import { ORIGIN } from './checkout';

export interface Page {
  status: number;
  headers: Headers;
  html: string;
  $: cheerio.CheerioAPI;
  /** Where a 303 points. */
  location: string | null;
}

export class Shopper {
  readonly cookies = new Map<string, string>();

  constructor(private readonly handler: Handler, readonly origin = ORIGIN) {}

  private async send(path: string, init: RequestInit): Promise<Page> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await this.handler(new Request(new URL(path, this.origin), { ...init, headers, redirect: 'manual' }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
    const html = await response.text();
    return { status: response.status, headers: response.headers, html, $: cheerio.load(html), location: response.headers.get('location') };
  }

  get(path: string): Promise<Page> {
    return this.send(path, { method: 'GET' });
  }

  /** A form post from the store's own page. */
  post(path: string, fields: Record<string, string | number>, headers: Record<string, string> = {}): Promise<Page> {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    return this.send(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin, 'sec-fetch-site': 'same-origin', ...headers } });
  }

  /** A JSON post (Shopify's Ajax cart). */
  postJson(path: string, body: unknown): Promise<Page> {
    return this.send(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: this.origin, 'sec-fetch-site': 'same-origin' } });
  }

  /** Follows a 303 (same site). */
  async follow(page: Page): Promise<Page> {
    if (page.status !== 303 || !page.location) throw new Error(`expected a 303, got ${page.status}: ${page.html.slice(0, 300)}`);
    return this.get(page.location);
  }
}

/** The checkout page's hidden values (the checkout's id and the hash of the terms shown). */
export function checkoutForm(page: Page): { checkout: string; terms: string } {
  const form = page.$('form.checkout-form');
  return { checkout: String(form.find('input[name=checkout]').val() ?? ''), terms: String(form.find('input[name=terms]').val() ?? '') };
}

/** The amount (cents) of the checkout page's total. */
export function totalOf(page: Page): number {
  return Number(page.$('tr.total data').attr('value'));
}

export const CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDs: '4000 0000 0000 3220' } as const;

/** The address fields of the checkout form for a French buyer. */
export const FRENCH_BUYER = {
  email: 'camille.web@example.org', first_name: 'Camille', last_name: 'Martin', street_address: '12 rue des Mariniers',
  extended_address: '', postal_code: '69007', address_locality: 'Lyon', address_country: 'FR', phone_number: '',
} as const;
