import type { Locale } from "../i18n/index.ts";
import { PRAGUE_TIME_ZONE } from "../time/prague.ts";

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/**
 * One Intl.DateTimeFormat per language and style, made at first use: building one costs far more
 * than formatting with it, and a product page formats dozens of dates (price and bid history).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: PRAGUE_TIME_ZONE, ...options });
    formatters.set(key, made);
  }
  return made;
}

const LONG_DATE = { day: "numeric", month: "long", year: "numeric" } as const;
const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** A date in Prague time: `21. listopadu 2026` / `21 November 2026`. */
export function formatDate(iso: string | Date, locale: Locale, withTime = false): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return withTime
    ? formatter(locale, "long-time", { ...LONG_DATE, ...TIME }).format(date)
    : formatter(locale, "long", LONG_DATE).format(date);
}

/** A short date and time in Prague time: `21. 11. 2026 20:00` / `21/11/2026, 20:00`. */
export function formatShortDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return formatter(locale, "short-time", {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    ...TIME,
  }).format(date);
}

/** A time of day in Prague: `20:01` (both languages). */
export function formatTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return formatter(locale, "time", TIME).format(date);
}

/**
 * A date and time with the weekday in Prague: `pátek 30. listopadu 2026 20:00` / `Friday 30
 * November 2026, 20:00`.
 */
export function formatWeekdayDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return formatter(locale, "weekday-time", { weekday: "long", ...LONG_DATE, ...TIME }).format(date);
}

/**
 * A calendar month with its full name: `listopad 2026` / `November 2026` (a trust badge's month,
 * where the day stays hidden). Formatted in UTC from the month's first day.
 */
export function formatMonthYear(month: string, locale: Locale): string {
  const [year, index] = month.split("-").map(Number);
  return formatter(locale, "month-long", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
}

/**
 * Months already named, per language: a page of the price index names its 120 months three times
 * (two chart drawings and the table), and Intl's formatting alone was about 1 ms per 120 on this
 * machine (bench/README.md). The months are a small set (one a month since the first result);
 * the cap only guards against a caller passing arbitrary text.
 */
const namedMonths = { cs: new Map<string, string>(), en: new Map<string, string>() };
const NAMED_MONTHS_CAP = 5000;

/** A month `2026-03` as the language names it: `bře 2026` / `Mar 2026` (the price index, a bottling's chart). */
export function formatMonth(month: string, locale: Locale): string {
  const named = namedMonths[locale];
  const known = named.get(month);
  if (known !== undefined) return known;
  const [year, index] = month.split("-").map(Number);
  // A month is a calendar month, not an instant: formatted in UTC from its middle. The formatter
  // is kept like the others (a new one per call was most of the price index page's 120 rows).
  const text = formatter(locale, "month", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, index - 1, 15)),
  );
  if (named.size >= NAMED_MONTHS_CAP) named.clear();
  named.set(month, text);
  return text;
}
