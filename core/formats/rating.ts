import type { Locale } from "#core/i18n/index.ts";
import { formatDecimal } from "./numbers.ts";

/** A rating with one decimal in the page's language: 4,3 / 4.3 (without Intl: ADR 0151). */
export function formatRating(value: number, locale: Locale): string {
  return formatDecimal(value, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
