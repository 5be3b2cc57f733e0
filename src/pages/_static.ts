/**
 * Helpers shared by the static Astro routes: the getStaticPaths entries of the `[...locale]` routes
 * (French has no prefix, so its `locale` param is undefined) with the page's data as props, and
 * JSON responses with the same serialisation as the function (src/http/responses.ts), so static
 * and dynamic bytes agree.
 */
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../catalog/locales';
import { catalogSnapshot } from '../catalog/snapshot';
import { shopifyJson } from '../views/serialize';
import { JSON_TYPE } from '../http/responses';

/** Route param value of each locale: undefined for French, the code otherwise. */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** The locales served under a prefix (`/en`, `/de`, ...): every locale but the default. */
export const PREFIXED_LOCALES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/**
 * getStaticPaths entries of a `[...locale]` route: `locales` crossed with `pages`. Each page's
 * `params` name it in the URL (besides `locale`) and its `props` carry what it renders, so a page
 * never looks its data up again; every entry also gets its `locale` as a prop.
 * @param pages default: one page per locale, without other params
 * @param locales default: the 12 locales
 */
export function localePaths<P extends Record<string, string>, T extends object>(
  pages: ReadonlyArray<{ params: P; props: T }> = [{ params: {} as P, props: {} as T }],
  locales: readonly Locale[] = LOCALES,
) {
  return locales.flatMap((locale) => pages.map((page) => ({ params: { ...page.params, locale: localeParam(locale) }, props: { ...page.props, locale } })));
}

/** A static JSON file body with Shopify escaping and the JSON content type. */
export function staticJson(body: unknown): Response {
  return new Response(shopifyJson(body), { headers: { 'content-type': JSON_TYPE } });
}

export { catalogSnapshot };
