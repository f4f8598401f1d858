/**
 * Wall-clock time in Europe/Prague (product.md: "time is stored in UTC and shown in
 * Europe/Prague"). Sellers pick an activation date in Prague time and the monthly round closes at
 * 20:00 Prague time, in winter (UTC+1) and summer (UTC+2) alike, so conversions go through the
 * zone's real offset at that instant, never a fixed one. Pure: the listing form and the server share it.
 */

export const PRAGUE_TIME_ZONE = "Europe/Prague";

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const MINUTE_MS = 60_000;
const WINTER_OFFSET = 60;
const SUMMER_OFFSET = 120;

let formatter: Intl.DateTimeFormat | undefined;
function pragueFormatter() {
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: PRAGUE_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return formatter;
}

/** The Prague wall clock at an instant (seconds dropped). */
export function toPragueWallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of pragueFormatter().formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** Minutes Prague is ahead of UTC at an instant: 60 in winter, 120 in summer. */
function offsetMinutes(utcMs: number): number {
  const wall = toPragueWallClock(new Date(utcMs));
  const seconds = new Date(utcMs).getUTCSeconds();
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, seconds);
  return Math.round((asUtc - (utcMs - (utcMs % 1000))) / MINUTE_MS);
}

/**
 * The instant of a Prague wall-clock time. Out-of-range fields roll over as in Date.UTC (day 32 is
 * the 1st of the next month). A time skipped by the spring change (02:30 on its night) lands an
 * hour later; a repeated autumn hour takes its first (summer-time) occurrence.
 */
export function fromPragueWallClock(wall: WallClock): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Prague is UTC+2 in summer and UTC+1 in winter: try both readings, keep the one that is true.
  const summer = asUtc - SUMMER_OFFSET * MINUTE_MS;
  if (offsetMinutes(summer) === SUMMER_OFFSET) return new Date(summer);
  // Winter time, or the hour the spring change skips (winter reading: an hour later on the clock).
  return new Date(asUtc - WINTER_OFFSET * MINUTE_MS);
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
