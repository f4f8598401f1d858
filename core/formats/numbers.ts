import type { Locale } from "../i18n/index.ts";
import { divideRounded, groupThousands, toDecimal } from "./decimal.ts";

/**
 * Decimal numbers the way the pages' two languages write them (`1 234,5` with a no-break space in
 * Czech, `1,234.5` in English), without Intl (ADR 0151): the first Intl.NumberFormat or
 * DateTimeFormat a browser tab makes loads ICU's data, 20 to 85 ms of the main thread on the bench
 * machine, and a page's first render needed one only for numbers like these. The output is
 * Intl's for cs-CZ and en-GB, character for character (core/formats/numbers.test.ts compares them
 * over many values): rounding half away from zero on the number's shortest spelling, a minus
 * sign on every negative number and on -0 (`-0`, as Intl writes it), and grouping from four digits.
 */

export type DecimalOptions = {
  /** Digits always written after the decimal mark (default 0). */
  minimumFractionDigits?: number;
  /** Digits at most, rounded half away from zero (default the larger of 3 and the minimum). */
  maximumFractionDigits?: number;
  /** Thousands separated (default true). */
  useGrouping?: boolean;
};

/** The languages' thousands separator and decimal mark, as Intl writes them (money.ts uses them too). */
export const DECIMAL_MARKS: Record<Locale, { group: string; decimal: string }> = {
  cs: { group: "\u00a0", decimal: "," },
  en: { group: ",", decimal: "." },
};

/** `value` in `locale`'s way; NaN and the infinities as Intl writes them. */
export function formatDecimal(value: number, locale: Locale, options: DecimalOptions = {}): string {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, options.maximumFractionDigits ?? Math.max(3, minimum));
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "∞" : "-∞";
  const negative = value < 0 || Object.is(value, -0);
  const { digits, scale } = toDecimal(Math.abs(value));
  // |value| * 10^maximum, rounded: an integer of `maximum` fraction digits.
  const units =
    scale <= maximum
      ? digits * 10n ** BigInt(maximum - scale)
      : divideRounded(digits, 10n ** BigInt(scale - maximum));
  const text = units.toString().padStart(maximum + 1, "0");
  let fraction = text.slice(text.length - maximum);
  let end = fraction.length;
  while (end > minimum && fraction[end - 1] === "0") end--;
  fraction = fraction.slice(0, end);
  const marks = DECIMAL_MARKS[locale];
  const whole = text.slice(0, text.length - maximum);
  const grouped = options.useGrouping === false ? whole : groupThousands(whole, marks.group);
  return `${negative ? "-" : ""}${grouped}${fraction ? `${marks.decimal}${fraction}` : ""}`;
}
