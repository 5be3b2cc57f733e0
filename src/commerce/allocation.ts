/**
 * The one way the store shares an amount of cents among parts: the largest remainder (Hamilton's
 * method). Every split of money in the project goes through it — a discount over its lines
 * (src/commerce/discounts.ts), a VAT rate's net over its invoice lines and a refund over the
 * invoice's rates (src/documents/amounts.ts, issue-data.ts), a line's charged amount over its
 * units (`unitShares`) — so that parts always sum exactly to the whole, to the cent.
 */

/**
 * Shares `amount` cents among parts in proportion to `weights`, by largest remainder: each part
 * is the floor of its exact quota (amount × weight / sum), and the cents left over go one each to
 * the parts with the largest remainders, ties to the lower index. The parts are integers summing
 * exactly to `amount`, each within 1 cent of its quota; when `amount` ≤ sum(weights), none
 * exceeds its weight.
 * @param amount integer cents, ≥ 0
 * @param weights non-negative integers (cents, units…); when they sum to 0, everything goes to the first part
 * @returns one integer share per weight, in order
 * @throws Error when there are no parts, or the amount or a weight is not a non-negative safe integer
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  for (const v of [amount, ...weights]) if (!Number.isSafeInteger(v) || v < 0) throw new Error(`not a non-negative integer number of cents: ${v}`);
  if (weights.length === 0) throw new Error('allocate: no parts');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  // BigInt: amount × weight can pass 2⁵³ (10⁸ cents × 10⁸ cents).
  const total = BigInt(sum);
  const shares = weights.map((w) => Number((BigInt(amount) * BigInt(w)) / total));
  const remainders = weights.map((w, i) => ({ i, r: (BigInt(amount) * BigInt(w)) % total }));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  for (const { i } of remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))) {
    if (left-- <= 0) break;
    shares[i]++;
  }
  return shares;
}

/**
 * What each unit of a line costs out of `total` cents: `total` shared equally over `quantity`
 * units by `allocate` (the extra cents to the first units). Refunding the units one by one, first
 * unit first, gives back exactly `total` (src/commerce/fulfillment.ts `lineRefundAmount`).
 * @param total integer cents, ≥ 0 (a line's charged amount)
 * @param quantity units, ≥ 1
 * @returns `quantity` integer shares summing to `total`
 * @throws Error when `quantity` is not a positive integer or `total` not a non-negative integer
 */
export function unitShares(total: number, quantity: number): number[] {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new Error(`a line of ${quantity} units`);
  return allocate(total, Array.from({ length: quantity }, () => 1));
}
