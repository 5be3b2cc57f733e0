/**
 * `lookup_catalog` and `get_product` (UCP 2026-04-08 catalog lookup; docs/agent-commerce.md "Catalog tools").
 *
 * lookup_catalog: up to 50 identifiers (product or variant ids, handles, SKUs), deduplicated;
 * each returned variant says which inputs resolved to it (`exact` for a variant id or SKU,
 * `featured` for the variant chosen to represent a product id); unknown ids are absent and
 * reported as `info`/`not_found` messages whose content is the id; more than 50 → -32602.
 * `filters` (categories, price) drop the products that do not match.
 *
 * get_product: one product with every variant, the featured one first, the effective option
 * selection and, per option value, whether a variant with it `exists` and is `available` given
 * the other selected options (src/ucp/catalog/selection.ts). Unknown id → `error_response`
 * with `not_found`. `filters` are not applied to get_product (one product is asked for by id).
 */
import type { CatalogProduct } from '../../catalog/types';
import { productOffers, ucpProductBase, ucpVariant } from '../../views/ucp-product';
import { invalidParams } from '../errors';
import { infoMessage, notFound } from '../messages';
import { OPERATION, defineTool } from '../tools/types';
import { CAPABILITY } from '../version';
import {
  type GetProductRequest, type GetProductResponse, type LookupRequest, type LookupResponse,
  GetProductRequest as GetProductRequestSchema, GetProductResponse as GetProductResponseSchema,
  LookupRequest as LookupRequestSchema, LookupResponse as LookupResponseSchema,
} from '../wire/catalog';
import type { ErrorResponse, Message } from '../wire/common';
import { detailOptions, featuredIndex, resolveSelection } from './selection';
import { applyFilters, catalogCall, shippingWarnings } from './shared';

/** Most identifiers per lookup_catalog call (docs/agent-commerce.md "Catalog tools": accept at least 10). */
export const LOOKUP_LIMIT = 50;

type Input = { id: string; match: 'exact' | 'featured' };

export const lookupCatalogTool = defineTool<LookupRequest>({
  name: 'lookup_catalog',
  title: 'Look up products and variants',
  description:
    `Fetch up to ${LOOKUP_LIMIT} products or variants by id (product or variant gid or integer id, handle or SKU). ` +
    'Each returned variant lists the inputs that resolved to it; unknown ids are reported in messages (not_found).',
  capability: CAPABILITY.lookup,
  payloadKey: 'catalog',
  payload: LookupRequestSchema,
  ...OPERATION.query,
  output: LookupResponseSchema,
  async run({ payload }, env): Promise<LookupResponse> {
    const ids = [...new Set(payload.ids.map((id) => id.trim()))];
    if (ids.length > LOOKUP_LIMIT) throw invalidParams('lookup_catalog', 'catalog.ids', `at most ${LOOKUP_LIMIT} distinct ids per call (got ${ids.length})`);
    const call = catalogCall(env, payload.context);
    const messages: Message[] = [...call.buyer.messages];
    const found = new Map<number, { product: CatalogProduct; inputs: Map<number, Input[]> }>();
    const missing: string[] = [];
    const resolved = ids.map((id) => ({ id, hit: call.index.resolve(id) }));
    const view = await call.view([...new Set(resolved.flatMap((r) => (r.hit ? [r.hit.product] : [])))]);
    for (const { id, hit } of resolved) {
      if (!hit) {
        missing.push(id);
        continue;
      }
      const entry = found.get(hit.product.id) ?? { product: hit.product, inputs: new Map() };
      found.set(hit.product.id, entry);
      const index = hit.kind === 'variant'
        ? hit.product.variants.indexOf(hit.variant)
        : featuredIndex(productOffers(hit.product, call.ctx, view));
      entry.inputs.set(index, [...(entry.inputs.get(index) ?? []), { id, match: hit.kind === 'variant' ? 'exact' : 'featured' }]);
    }
    const kept = new Set(applyFilters([...found.values()].map((e) => e.product), payload.filters, call, messages, payload.context?.currency));
    const entries = [...found.values()].filter((e) => kept.has(e.product));
    const products = entries.map(({ product, inputs }) => {
      const offers = productOffers(product, call.ctx, view);
      const variants = [...inputs.keys()].sort((a, b) => a - b).map((i) => ({ ...ucpVariant(product, i, offers[i], call.ctx, view), inputs: inputs.get(i)! }));
      return { ...ucpProductBase(product, offers, call.ctx, view), variants };
    });
    messages.push(...shippingWarnings(entries.map((e) => e.product), call, (i) => `$.products[${i}]`));
    messages.push(...missing.map((id) => infoMessage('not_found', id)));
    return { ucp: env.ucp([CAPABILITY.lookup]), products, ...(messages.length ? { messages } : {}) };
  },
});

export const getProductTool = defineTool<GetProductRequest>({
  name: 'get_product',
  title: 'Get one product',
  description:
    'Fetch one product (product or variant id, gid or integer, or handle) with every variant, the featured variant first. ' +
    'Pass `selected` options ({name, label}) to narrow the choice: option values then tell whether a matching variant exists and is available.',
  capability: CAPABILITY.lookup,
  payloadKey: 'catalog',
  payload: GetProductRequestSchema,
  ...OPERATION.query,
  output: GetProductResponseSchema,
  async run({ payload }, env): Promise<GetProductResponse | ErrorResponse> {
    const call = catalogCall(env, payload.context);
    const hit = call.index.resolve(payload.id);
    if (!hit) return notFound(env.version, `No product or variant has the id "${payload.id}".`);
    const { product } = hit;
    const view = await call.view([product]);
    const offers = productOffers(product, call.ctx, view);
    const messages: Message[] = [...call.buyer.messages];
    const selection = resolveSelection(product, offers, call.ctx, {
      selected: payload.selected,
      preferences: payload.preferences,
      variant: hit.kind === 'variant' ? hit.variant : undefined,
    });
    messages.push(...selection.messages, ...shippingWarnings([product], call, () => '$.product'));
    const order = [selection.featured, ...product.variants.map((_, i) => i).filter((i) => i !== selection.featured)];
    return {
      ucp: env.ucp([CAPABILITY.lookup]),
      product: {
        ...ucpProductBase(product, offers, call.ctx, view),
        options: detailOptions(product, offers, call.ctx, selection.values),
        variants: order.map((i) => ucpVariant(product, i, offers[i], call.ctx, view)),
        selected: selection.selected,
      },
      ...(messages.length ? { messages } : {}),
    };
  },
});
