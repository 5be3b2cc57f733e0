/**
 * schema.org JSON-LD of the HTML pages (README "HTML storefront and sitemap", Head): Organization and WebSite on the home
 * page, Product with one Offer per variant (EUR, VAT included, availability), BreadcrumbList,
 * Article. Prices are the decimal strings of the `.json` endpoints (src/commerce/money.ts).
 */
import type { Store, ArticleMeta } from '../catalog/schema';
import type { Locale } from '../catalog/locales';
import { LOCALE_TAGS } from '../catalog/locales';
import { toDecimal } from '../commerce/money';
import type { StockStatus } from '../commerce/stock';
import { shopifyJson } from '../views/serialize';
import type { ProductView } from './product-view';
import { absoluteUrl, paths } from '../catalog/urls';

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** schema.org ItemAvailability of a stock status (commerce/stock.ts). */
export const AVAILABILITY: Record<StockStatus, string> = {
  in_stock: 'https://schema.org/InStock',
  backorder: 'https://schema.org/BackOrder',
  out_of_stock: 'https://schema.org/OutOfStock',
};

/** `@id` of the store's Organization node, referenced as seller and publisher. */
export function organizationId(store: Store): string {
  return absoluteUrl(store.base_url, '/#organization');
}

/** The store as an Organization (home page). */
export function organizationJsonLd(store: Store, locale: Locale): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(store),
    name: store.name,
    legalName: store.legal_name,
    url: absoluteUrl(store.base_url, paths.home()),
    description: store.description[locale] ?? store.description.fr,
    email: store.contact.email,
    telephone: store.contact.phone,
    address: store.contact.address,
    areaServed: store.countries_served,
  };
}

/** The site as a WebSite in a language (home page). */
export function websiteJsonLd(store: Store, locale: Locale, url: string): JsonLd {
  return { '@context': CONTEXT, '@type': 'WebSite', name: store.name, url, inLanguage: LOCALE_TAGS[locale], publisher: { '@id': organizationId(store) } };
}

/** A BreadcrumbList from `[name, absolute URL]` pairs, home first. */
export function breadcrumbJsonLd(items: ReadonlyArray<{ name: string; url: string }>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/**
 * A Product with one Offer per variant: `price` is the decimal string of `/products/{handle}.json`,
 * `priceCurrency` EUR, VAT included (`valueAddedTaxIncluded`), availability from the stock status.
 */
export function productJsonLd(store: Store, product: ProductView, url: string, locale: Locale): JsonLd {
  const hasOptions = product.optionNames.length > 0;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    description: product.summary,
    url,
    inLanguage: LOCALE_TAGS[locale],
    ...(product.variants.length === 1 && product.variants[0].sku ? { sku: product.variants[0].sku } : {}),
    image: product.images.map((img) => absoluteUrl(store.base_url, img.src)),
    brand: { '@type': 'Brand', name: product.vendor },
    category: product.productType,
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      ...(hasOptions ? { name: v.title } : {}),
      ...(v.sku ? { sku: v.sku } : {}),
      url,
      price: toDecimal(v.price),
      priceCurrency: 'EUR',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: toDecimal(v.price), priceCurrency: 'EUR', valueAddedTaxIncluded: true },
      availability: AVAILABILITY[v.status],
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', '@id': organizationId(store), name: store.name },
    })),
  };
}

/** An Article of the guides blog. `lang` is the language of its text (French when not translated). */
export function articleJsonLd(store: Store, meta: ArticleMeta, url: string, lang: Locale): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    '@id': `${url}#article`,
    headline: meta.title,
    description: meta.description,
    datePublished: meta.published_at,
    dateModified: meta.updated_at,
    inLanguage: LOCALE_TAGS[lang],
    mainEntityOfPage: url,
    author: { '@type': 'Person', name: meta.author },
    publisher: { '@type': 'Organization', '@id': organizationId(store), name: store.name },
    ...(meta.image ? { image: absoluteUrl(store.base_url, meta.image.src) } : {}),
    ...(meta.tags.length ? { keywords: meta.tags.join(', ') } : {}),
  };
}

/** JSON for a `<script type="application/ld+json">` body: `<`, `>`, `&` and `/` escaped, so no value can close the element. */
export function jsonLdText(data: JsonLd): string {
  return shopifyJson(data);
}
