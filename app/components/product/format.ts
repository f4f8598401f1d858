import type { Locale } from "#app/i18n/index.ts";

import { TIME_ZONE } from "../catalog/format.ts";

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/** A date in Prague time: `21. listopadu 2026` / `21 November 2026`. */
export function formatDate(iso: string | Date, locale: Locale, withTime = false): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  }).format(date);
}

/** A short date and time in Prague time: `21. 11. 2026 20:00` / `21/11/2026, 20:00`. */
export function formatShortDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: TIME_ZONE,
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/** Shared with the catalogue's cards: the plural key of a count, and prices in the visitor's currency. */
export { pluralKey, usePrice as usePriceFormatter } from "../catalog/format.ts";
