import type { Locale } from "../i18n/index.ts";
import { PRAGUE_TIME_ZONE } from "../time/prague.ts";

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/** A date in Prague time: `21. listopadu 2026` / `21 November 2026`. */
export function formatDate(iso: string | Date, locale: Locale, withTime = false): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: PRAGUE_TIME_ZONE,
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
    timeZone: PRAGUE_TIME_ZONE,
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}
