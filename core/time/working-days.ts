import { fromPragueWallClock, toPragueWallClock } from "./prague.ts";

/**
 * Czech working days (docs/product/deals.md, "Deadlines"): "ship within 5 working days" counts
 * Monday to Friday in Prague time, leaving out the public holidays of Act 245/2000 (the fixed
 * dates, Good Friday and Easter Monday).
 */

/** The fixed public holidays and "other holidays" on which shops close, as [month, day]. */
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1], // Den obnovy samostatného českého státu, Nový rok
  [5, 1], // Svátek práce
  [5, 8], // Den vítězství
  [7, 5], // Den slovanských věrozvěstů Cyrila a Metoděje
  [7, 6], // Den upálení mistra Jana Husa
  [9, 28], // Den české státnosti
  [10, 28], // Den vzniku samostatného československého státu
  [11, 17], // Den boje za svobodu a demokracii
  [12, 24], // Štědrý den
  [12, 25], // 1. svátek vánoční
  [12, 26], // 2. svátek vánoční
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

type Day = { year: number; month: number; day: number };

/** A calendar day moved by `days` (UTC arithmetic on the date alone, no time zone involved). */
function shiftDay(date: Day, days: number): Day {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The public holidays of a year as `YYYY-MM-DD`, in calendar order. */
export function czechPublicHolidays(year: number): string[] {
  const easter = { year, ...easterSunday(year) };
  const days: Day[] = [
    ...FIXED_HOLIDAYS.map(([month, day]) => ({ year, month, day })),
    shiftDay(easter, -2), // Velký pátek (since 2016)
    shiftDay(easter, 1), // Velikonoční pondělí
  ];
  return days.map(isoDay).sort();
}

const pad = (value: number) => String(value).padStart(2, "0");
const isoDay = (day: Day) => `${day.year}-${pad(day.month)}-${pad(day.day)}`;

const holidayCache = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(czechPublicHolidays(year));
    holidayCache.set(year, holidays);
  }
  return holidays;
}

function isWorkingDayDate(day: Day): boolean {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(day.year).has(isoDay(day));
}

/** Whether the Prague calendar day of an instant is a Czech working day. */
export function isWorkingDay(instant: Date): boolean {
  return isWorkingDayDate(toPragueWallClock(instant));
}

/**
 * The instant `n` working days after `instant`, at the same Prague wall-clock time: each step moves
 * to the next calendar day and counts it only when it is a working day, so from Friday 14:00 one
 * working day is Monday 14:00 (Tuesday when Monday is a holiday). The day of `instant` itself never
 * counts, whatever it is. n = 0 gives the instant back; a negative n counts backwards the same way.
 * A wall-clock time the spring change skips lands an hour later (fromPragueWallClock).
 */
export function addWorkingDays(instant: Date, n: number): Date {
  if (!Number.isSafeInteger(n)) throw new RangeError(`addWorkingDays: n must be an integer, got ${n}`);
  if (n === 0) return new Date(instant.getTime());
  const wall = toPragueWallClock(instant);
  const direction = n > 0 ? 1 : -1;
  let day: Day = { year: wall.year, month: wall.month, day: wall.day };
  let left = Math.abs(n);
  while (left > 0) {
    day = shiftDay(day, direction);
    if (isWorkingDayDate(day)) left -= 1;
  }
  const seconds = instant.getTime() % 60_000;
  const landed = fromPragueWallClock({ ...day, hour: wall.hour, minute: wall.minute });
  return new Date(landed.getTime() + (seconds < 0 ? seconds + 60_000 : seconds));
}
