import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatMonth,
  formatMonthYear,
  formatShortDateTime,
  formatTime,
  formatWeekdayDateTime,
} from "./dates.ts";

const TAGS = { cs: "cs-CZ", en: "en-GB" } as const;
const LONG_DATE = { day: "numeric", month: "long", year: "numeric" } as const;
const TIME = { hour: "2-digit", minute: "2-digit" } as const;

/** What Intl writes for each of the module's formats, in Prague time: the reference (ADR 0151). */
function intlFormats(locale: "cs" | "en") {
  const make = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(TAGS[locale], { timeZone: "Europe/Prague", ...options });
  const long = make(LONG_DATE);
  const longTime = make({ ...LONG_DATE, ...TIME });
  const short = make({ day: "numeric", month: "numeric", year: "numeric", ...TIME });
  const time = make(TIME);
  const weekday = make({ weekday: "long", ...LONG_DATE, ...TIME });
  return (date: Date) => [
    long.format(date),
    longTime.format(date),
    short.format(date),
    time.format(date),
    weekday.format(date),
  ];
}

const ours = (date: Date, locale: "cs" | "en") => [
  formatDate(date, locale),
  formatDate(date, locale, true),
  formatShortDateTime(date, locale),
  formatTime(date, locale),
  formatWeekdayDateTime(date, locale),
];

describe("dates in both languages", () => {
  it("names a whole month with its year, the day left out", () => {
    expect(formatMonthYear("2026-11", "cs")).toBe("listopad 2026");
    expect(formatMonthYear("2026-11", "en")).toBe("November 2026");
    // The first month of a year stays in its year whatever Prague's offset.
    expect(formatMonthYear("2027-01", "cs")).toBe("leden 2027");
  });

  it("formats a day in Prague and a short month of the price index", () => {
    expect(formatDate("2026-11-26", "cs")).toBe("26. listopadu 2026");
    expect(formatDate("2026-11-26", "en")).toBe("26 November 2026");
    expect(formatMonth("2026-03", "en")).toBe("Mar 2026");
    expect(formatDate("2026-03-07T06:05:00Z", "cs", true)).toBe("7. března 2026 v 07:05");
    expect(formatWeekdayDateTime("2026-03-07T06:05:00Z", "en")).toBe("Saturday, 7 March 2026 at 07:05");
  });

  it("writes every format as Intl does, across the years of the EU's summer-time rule", () => {
    for (const locale of ["cs", "en"] as const) {
      const reference = intlFormats(locale);
      // Every 7 h 13 min from 1996 to 2099: every hour of the day, weekday and month comes round.
      const step = (7 * 60 + 13) * 60_000;
      for (let time = Date.UTC(1996, 0, 1); time < Date.UTC(2100, 0, 1); time += step * 17) {
        const date = new Date(time);
        expect(ours(date, locale), date.toISOString()).toEqual(reference(date));
      }
    }
  });

  it("moves the clocks when Prague does, to the minute", () => {
    for (const locale of ["cs", "en"] as const) {
      const reference = intlFormats(locale);
      for (let year = 1996; year <= 2099; year++)
        for (const month of [2, 9]) {
          // Every quarter of an hour through the last Sunday of March and of October, UTC.
          const last = new Date(Date.UTC(year, month + 1, 0));
          const sunday = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
          for (let time = sunday - 3 * 3600_000; time <= sunday + 27 * 3600_000; time += 15 * 60_000) {
            const date = new Date(time);
            expect(ours(date, locale), date.toISOString()).toEqual(reference(date));
          }
        }
    }
  });

  it("names every month as Intl does, in full and short", () => {
    for (const locale of ["cs", "en"] as const) {
      const full = new Intl.DateTimeFormat(TAGS[locale], { month: "long", year: "numeric", timeZone: "UTC" });
      const short = new Intl.DateTimeFormat(TAGS[locale], {
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      });
      for (const year of [1996, 2026, 2099])
        for (let month = 1; month <= 12; month++) {
          const key = `${year}-${String(month).padStart(2, "0")}`;
          expect(formatMonthYear(key, locale)).toBe(full.format(new Date(Date.UTC(year, month - 1, 1))));
          expect(formatMonth(key, locale)).toBe(short.format(new Date(Date.UTC(year, month - 1, 15))));
        }
    }
  });

  it("goes through Intl outside those years", () => {
    expect(formatDate("1990-07-01T12:00:00Z", "cs", true)).toBe("1. července 1990 v 14:00");
    expect(formatTime("1985-01-15T12:00:00Z", "en")).toBe("13:00");
  });
});
