/**
 * Zod schemas of the discount extension (`dev.ucp.shopping.discount`, `shopping/discount.json`
 * at 2026-04-08 and 2026-08-25): `discounts.codes` in the create and update requests of carts
 * and checkouts, `discounts` (codes and applied discounts) in their answers.
 */
import { z } from 'zod';
import { freeText } from './common';

/** `discounts` of create and update (discount extension): the codes replace those sent before; [] clears them. */
export const DiscountsRequest = z.looseObject({
  codes: z.array(freeText(64)).max(10).optional().describe('Codes; replace earlier ones'),
});

/** An applied discount (discount.json `applied_discount`): what it takes off and where (JSONPaths into this response). */
export const AppliedDiscount = z.object({
  code: z.string().optional(),
  title: z.string(),
  amount: z.number().int().nonnegative(),
  automatic: z.boolean(),
  method: z.enum(['each', 'across']),
  priority: z.number().int().min(1),
  allocations: z.array(z.object({ path: z.string(), amount: z.number().int().nonnegative() })),
});

/** `discounts` in responses: the codes as stored, and the discounts applied. */
export const DiscountsResponse = z.object({ codes: z.array(z.string()), applied: z.array(AppliedDiscount) });

