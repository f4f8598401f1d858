/**
 * Exact decimal arithmetic for formatting (money, numbers): a JS number is read through its
 * shortest round-trip spelling (`String(1.005)` is "1.005"), the value its author meant, and
 * rounded on BigInt, half away from zero, as Intl.NumberFormat rounds that same spelling.
 */

/** A number as an exact decimal: value = digits / 10^scale. */
export type Decimal = { digits: bigint; scale: number };

/** The exact decimal of a finite number's shortest spelling; a RangeError for NaN and infinities. */
export function toDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Unexpected number format: ${value}`);
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  let digits = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** Integer division rounding half away from zero (1.5 -> 2, -1.5 -> -2). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Groups the digits of a non-negative integer string in threes from the right. */
export function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}
