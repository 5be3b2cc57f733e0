/**
 * Option selection of `get_product` (UCP catalog_lookup.json `get_product_request.selected`
 * and `preferences`, `detail_product`, `detail_option_value.json`): which variant the buyer's
 * selections point to, and for each option value whether a variant with it exists and is
 * available given the other selected options. Names and labels match case-insensitively in
 * any of the store's languages.
 */
import type { CatalogProduct } from '../../catalog/types';
import type { Variant } from '../../catalog/schema';
import { localize } from '../../catalog/localize';
import type { ViewContext } from '../../views/context';
import type { VariantOffer } from '../../commerce/market';
import { infoMessage } from '../messages';
import type { Message } from '../wire/common';

/** A translated option name or value as stored in content (string, or a map whose `fr` is always set). */
type Translated = string | { [locale: string]: string | undefined };

const labelsOf = (value: Translated): string[] => (typeof value === 'string' ? [value] : (Object.values(value).filter(Boolean) as string[]));
const frenchOf = (value: Translated): string => (typeof value === 'string' ? value : value.fr!);
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Index of the featured variant: the first available one, else the first. */
export function featuredIndex(offers: readonly VariantOffer[]): number {
  const i = offers.findIndex((o) => o.available);
  return i < 0 ? 0 : i;
}

export interface Selection {
  /** Index in `product.variants` of the variant the selection points to. */
  featured: number;
  /** Effective selection: French option value per option (the featured variant's values). */
  values: string[];
  /** Effective selection as UCP `selected` (localized names and labels). */
  selected: { name: string; label: string }[];
  messages: Message[];
}

/** Variants whose option values equal `wanted` wherever `wanted` is defined. */
function matching(product: CatalogProduct, wanted: readonly (string | undefined)[]): number[] {
  return product.variants.map((v, i) => ({ v, i })).filter(({ v }) => wanted.every((w, k) => w === undefined || v.options[k] === w)).map(({ i }) => i);
}

/**
 * Resolves the selection.
 * @param request.selected the buyer's selections; unknown names or labels are ignored with an info message
 * @param request.preferences option names in relaxation priority: when no variant matches every
 *        selection, options not listed are dropped first, then listed ones from the end
 * @param request.variant a variant asked for by id: selected when `selected` is absent
 */
export function resolveSelection(
  product: CatalogProduct,
  offers: readonly VariantOffer[],
  ctx: ViewContext,
  request: { selected?: { name: string; label: string }[]; preferences?: string[]; variant?: Variant },
): Selection {
  const messages: Message[] = [];
  const wanted: (string | undefined)[] = product.options.map(() => undefined);
  for (const sel of request.selected ?? []) {
    const o = product.options.findIndex((opt) => labelsOf(opt.name).some((n) => same(n, sel.name)));
    const value = o < 0 ? undefined : product.options[o].values.find((v) => labelsOf(v).some((l) => same(l, sel.label)));
    if (o < 0 || value === undefined) messages.push(infoMessage('selection_ignored', `No option "${sel.name}" with the value "${sel.label}" exists on this product; that selection was ignored.`));
    else wanted[o] = frenchOf(value);
  }
  const pick = (candidates: number[]) => candidates.find((i) => offers[i].available) ?? candidates[0];
  let featured: number;
  if (wanted.some((w) => w !== undefined)) {
    const preferred = (request.preferences ?? []).map((name) => product.options.findIndex((opt) => labelsOf(opt.name).some((n) => same(n, name))));
    const dropOrder = [
      ...product.options.map((_, k) => k).filter((k) => !preferred.includes(k)).reverse(),
      ...preferred.filter((k) => k >= 0).reverse(),
    ];
    const relaxed = [...wanted];
    let hits = matching(product, relaxed);
    for (const k of dropOrder) {
      if (hits.length) break;
      if (relaxed[k] === undefined) continue;
      relaxed[k] = undefined;
      hits = matching(product, relaxed);
    }
    featured = hits.length ? pick(hits) : featuredIndex(offers);
    if (relaxed.some((v, k) => v !== wanted[k])) {
      messages.push(infoMessage('selection_relaxed', 'No variant matches every selected option; the closest variant is selected instead.', '$.product.selected'));
    }
  } else {
    featured = request.variant ? product.variants.indexOf(request.variant) : featuredIndex(offers);
  }
  const values = [...product.variants[featured].options];
  const selected = product.options.map((opt, k) => {
    const value = opt.values.find((v) => frenchOf(v) === values[k])!;
    return { name: localize(opt.name, ctx.locale), label: localize(value, ctx.locale) };
  });
  return { featured, values, selected, messages };
}

/**
 * Options of a `detail_product`: every value with `exists` (a variant has this value and the
 * other selected values) and `available` (such a variant can be bought by this buyer).
 * @param values the effective selection (French values), from resolveSelection
 */
export function detailOptions(product: CatalogProduct, offers: readonly VariantOffer[], ctx: ViewContext, values: readonly string[]) {
  return product.options.map((opt, k) => ({
    name: localize(opt.name, ctx.locale),
    values: opt.values.map((value) => {
      const wanted = values.map((v, j) => (j === k ? frenchOf(value) : v));
      const hits = matching(product, wanted);
      return { label: localize(value, ctx.locale), available: hits.some((i) => offers[i].available), exists: hits.length > 0 };
    }),
  }));
}
