/**
 * Helpers shared by the static Astro endpoints: locale paths for getStaticPaths (French has no
 * prefix, so its `locale` param is undefined) and JSON responses with the same serialisation as
 * the function (src/http/responses.ts), so static and dynamic bytes agree.
 */
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../catalog/locales';
import { catalogSnapshot } from '../catalog/snapshot';
import { shopifyJson } from '../views/serialize';
import { JSON_TYPE } from '../http/responses';

/** Route param value of each locale: undefined for French, the code otherwise. */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** The locale of a `[...locale]` route param. */
export function localeOf(param: string | undefined): Locale {
  return (param ?? DEFAULT_LOCALE) as Locale;
}

/** `[{params:{locale}}]` for the 12 locales, crossed with `extra` param sets when given. */
export function localePaths<P extends Record<string, string>>(extra: P[] = [{} as P]) {
  return LOCALES.flatMap((locale) => extra.map((p) => ({ params: { locale: localeParam(locale), ...p } })));
}

/** A static JSON file body with Shopify escaping and the JSON content type. */
export function staticJson(body: unknown): Response {
  return new Response(shopifyJson(body), { headers: { 'content-type': JSON_TYPE } });
}

export { catalogSnapshot };
