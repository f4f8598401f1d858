import type { Locale } from "../i18n/index.ts";
import { PRAGUE_TIME_ZONE } from "../time/prague.ts";

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/**
 * Dates are written here without Intl for the years the European Union's summer-time rule has
 * governed Prague (1996 on) and this century (ADR 0151: a browser tab's first Intl formatter loads
 * ICU, 20 to 85 ms of its main thread, and a page's first render needed one only for dates such
 * as these). The words and the order are Intl's for cs-CZ and en-GB, character for character
 * (core/formats/dates.test.ts compares every format against Intl over the whole span and around
 * each change of the clocks); any other instant goes through Intl and the time-zone database.
 */
const FIRST_RULE_YEAR = 1996;
const LAST_RULE_YEAR = 2099;
const HOUR_MS = 3600_000;

const MONTHS: Record<Locale, readonly string[]> = {
  cs: [
    "leden",
    "únor",
    "březen",
    "duben",
    "květen",
    "červen",
    "červenec",
    "srpen",
    "září",
    "říjen",
    "listopad",
    "prosinec",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};
/** A month after its day: Czech declines it ("26. listopadu"). */
const MONTHS_OF_DAY: Record<Locale, readonly string[]> = {
  cs: [
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
  ],
  en: MONTHS.en,
};
const SHORT_MONTHS: Record<Locale, readonly string[]> = {
  cs: MONTHS.cs,
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
};
const WEEKDAYS: Record<Locale, readonly string[]> = {
  cs: ["neděle", "pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota"],
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
};

/** 01:00 UTC of the last Sunday of a month (0-based), when the EU's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

type Clock = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

/**
 * Prague's wall clock at an instant by the EU rule (UTC+2 from the last Sunday of March to the
 * last Sunday of October, both at 01:00 UTC; UTC+1 otherwise); null outside the rule's years.
 */
function pragueClock(date: Date): Clock | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const year = date.getUTCFullYear();
  if (year < FIRST_RULE_YEAR || year > LAST_RULE_YEAR) return null;
  const summer = time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
  const wall = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** A calendar month (`2026-03` read as 2026, 3) these tables name without Intl. */
const isNamedMonth = (year: number, index: number) =>
  year >= FIRST_RULE_YEAR && year <= LAST_RULE_YEAR && index >= 1 && index <= 12;

const pad = (value: number) => String(value).padStart(2, "0");
const longDate = (clock: Clock, locale: Locale) =>
  locale === "cs"
    ? `${clock.day}. ${MONTHS_OF_DAY.cs[clock.month]} ${clock.year}`
    : `${clock.day} ${MONTHS_OF_DAY.en[clock.month]} ${clock.year}`;
const clockTime = (clock: Clock) => `${pad(clock.hour)}:${pad(clock.minute)}`;
/** "v 20:00" / "at 20:00" after a long date. */
const atTime = (clock: Clock, locale: Locale) => `${locale === "cs" ? "v" : "at"} ${clockTime(clock)}`;

/**
 * One Intl.DateTimeFormat per language and style, made at first use, for the instants the rule
 * above does not cover: building one costs far more than formatting with it.
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

/** A date in Prague time: `21. listopadu 2026` / `21 November 2026`; with the time `… v 20:00` / `… at 20:00`. */
export function formatDate(iso: string | Date, locale: Locale, withTime = false): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const clock = pragueClock(date);
  if (clock)
    return withTime ? `${longDate(clock, locale)} ${atTime(clock, locale)}` : longDate(clock, locale);
  return withTime
    ? formatter(locale, "long-time", { ...LONG_DATE, ...TIME }).format(date)
    : formatter(locale, "long", LONG_DATE).format(date);
}

/** A short date and time in Prague time: `21. 11. 2026 20:00` / `21/11/2026, 20:00`. */
export function formatShortDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const clock = pragueClock(date);
  if (clock)
    return locale === "cs"
      ? `${clock.day}. ${clock.month + 1}. ${clock.year} ${clockTime(clock)}`
      : `${pad(clock.day)}/${pad(clock.month + 1)}/${clock.year}, ${clockTime(clock)}`;
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
  const clock = pragueClock(date);
  return clock ? clockTime(clock) : formatter(locale, "time", TIME).format(date);
}

/**
 * A date and time with the weekday in Prague: `pondělí 30. listopadu 2026 v 20:00` / `Monday, 30
 * November 2026 at 20:00`.
 */
export function formatWeekdayDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  const clock = pragueClock(date);
  if (clock) {
    const weekday = WEEKDAYS[locale][clock.weekday];
    return `${weekday}${locale === "cs" ? "" : ","} ${longDate(clock, locale)} ${atTime(clock, locale)}`;
  }
  return formatter(locale, "weekday-time", { weekday: "long", ...LONG_DATE, ...TIME }).format(date);
}

/**
 * A calendar month with its full name: `listopad 2026` / `November 2026` (a trust badge's month,
 * where the day stays hidden). Formatted in UTC from the month's first day.
 */
export function formatMonthYear(month: string, locale: Locale): string {
  const [year, index] = month.split("-").map(Number);
  if (isNamedMonth(year, index)) return `${MONTHS[locale][index - 1]} ${year}`;
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

/** A month `2026-03` as the language names it: `březen 2026` / `Mar 2026` (the price index, a bottling's chart). */
export function formatMonth(month: string, locale: Locale): string {
  const named = namedMonths[locale];
  const known = named.get(month);
  if (known !== undefined) return known;
  const [year, index] = month.split("-").map(Number);
  if (isNamedMonth(year, index)) return `${SHORT_MONTHS[locale][index - 1]} ${year}`;
  // A month is a calendar month, not an instant: formatted in UTC from its middle. The formatter
  // is kept like the others (a new one per call was most of the price index page's 120 rows).
  const text = formatter(locale, "month", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, index - 1, 15)),
  );
  if (named.size >= NAMED_MONTHS_CAP) named.clear();
  named.set(month, text);
  return text;
}
