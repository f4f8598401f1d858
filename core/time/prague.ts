import { TZDate } from "@date-fns/tz";

/**
 * Wall-clock time in Europe/Prague: times are stored in UTC and shown in Prague time
 * (docs/product/formats.md). Sellers pick an activation date in Prague time and the monthly round
 * closes at 20:00 Prague time, in winter (UTC+1) and summer (UTC+2) alike, so every conversion goes
 * through the zone's real offset at that instant (the time-zone database, through @date-fns/tz),
 * never a fixed one. The one implementation for the listing form, the server and the demo data.
 */

export const PRAGUE_TIME_ZONE = "Europe/Prague";

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const HOUR_MS = 3600_000;

/** The Prague wall clock at an instant (seconds dropped); month 1-12. */
export function toPragueWallClock(instant: Date): WallClock {
  const local = new TZDate(instant.getTime(), PRAGUE_TIME_ZONE);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
  };
}

const sameWallClock = (a: WallClock, b: WallClock) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instant of a Prague wall-clock time. Out-of-range fields roll over as in Date.UTC (day 32 is
 * the 1st of the next month). A time skipped by the spring change (02:30 on its night) lands an
 * hour later; a repeated autumn hour takes its first (summer-time) occurrence, the one a person
 * reading the clock meets first.
 */
export function fromPragueWallClock(wall: WallClock): Date {
  const instant = new TZDate(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    PRAGUE_TIME_ZONE,
  ).getTime();
  const hourEarlier = new Date(instant - HOUR_MS);
  const shown = toPragueWallClock(new Date(instant));
  return sameWallClock(toPragueWallClock(hourEarlier), shown) ? hourEarlier : new Date(instant);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** `2025-03-30T14:05`: the value of an `<input type="datetime-local">` showing Prague time. */
export function toPragueLocalInput(instant: Date): string {
  const wall = toPragueWallClock(instant);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** Reads a datetime-local value (`YYYY-MM-DDTHH:mm`, seconds optional) as Prague time; null if malformed. */
export function fromPragueLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  return fromPragueWallClock({ year, month, day, hour, minute });
}

/** The Prague day of an instant, `2026-11-26`: a badge says on which day a check was made, not at what time. */
export function pragueDayOf(instant: Date): string {
  return toPragueLocalInput(instant).slice(0, 10);
}
