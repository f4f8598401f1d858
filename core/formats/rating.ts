import type { Locale } from "#core/i18n/index.ts";

/**
 * One formatter per language for ratings (`4,3` / `4.3`): building an Intl.NumberFormat costs far
 * more than using one, and a listing shows a rating on many of its cards.
 */
const formatters: Record<Locale, Intl.NumberFormat> = {
  cs: new Intl.NumberFormat("cs-CZ", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

/** A rating with one decimal in the page's language: 4,3 / 4.3. */
export function formatRating(value: number, locale: Locale): string {
  return formatters[locale].format(value);
}
