/**
 * The VAT included in a cart's total, per rate (docs/product/shop.md, "VAT"). Prices include VAT.
 * The discounts (group and voucher) are spread over the rates in proportion to the items' value
 * at each rate, whole haléře, the remainder to the largest shares; delivery and the payment fee
 * are taxed at the standard rate. Per rate: VAT = round(gross × rate / (100 + rate)), base = gross
 * − VAT, so the rates' gross amounts add up to the total exactly.
 */

export const STANDARD_VAT_RATE = 21;

export type VatLine = { rate: number; baseMinor: number; vatMinor: number };

/** Splits `amount` over `weights` in proportion, whole units, adding up exactly (largest remainder). */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

export function vatBreakdown(
  lines: readonly { taxRate: number; totalMinor: number }[],
  sums: { discountMinor: number; extrasMinor: number },
): VatLine[] {
  const grossByRate = new Map<number, number>();
  for (const line of lines)
    grossByRate.set(line.taxRate, (grossByRate.get(line.taxRate) ?? 0) + line.totalMinor);
  const rates = [...grossByRate.keys()];
  const discounts = spread(
    sums.discountMinor,
    rates.map((rate) => grossByRate.get(rate) ?? 0),
  );
  for (const [i, rate] of rates.entries()) grossByRate.set(rate, (grossByRate.get(rate) ?? 0) - discounts[i]);
  if (sums.extrasMinor > 0)
    grossByRate.set(STANDARD_VAT_RATE, (grossByRate.get(STANDARD_VAT_RATE) ?? 0) + sums.extrasMinor);
  return [...grossByRate.entries()]
    .filter(([, gross]) => gross > 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const vatMinor = Math.round((gross * rate) / (100 + rate));
      return { rate, baseMinor: gross - vatMinor, vatMinor };
    });
}
