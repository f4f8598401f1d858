/** Time helpers for the demo data: Europe/Prague wall-clock times and the monthly auction round. */

const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const MINUTE = 60_000;

const pragueParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Prague",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The Prague wall-clock fields of an instant. */
export function pragueFields(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const parts = Object.fromEntries(pragueParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The UTC instant of a Prague wall-clock time (month 1-12). */
export function pragueTime(year: number, month: number, day: number, hour: number, minute = 0): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted - HOUR; // Prague is UTC+1 or UTC+2
  for (let i = 0; i < 3; i++) {
    const f = pragueFields(new Date(guess));
    const shown = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The close of the monthly round that an auction activated at `activation` belongs to: the last day of the month, 20:00 Prague. */
export function monthlyAuctionEnd(activation: Date): Date {
  const f = pragueFields(activation);
  const lastDay = new Date(Date.UTC(f.year, f.month, 0)).getUTCDate();
  const end = pragueTime(f.year, f.month, lastDay, 20);
  if (end.getTime() > activation.getTime()) return end;
  const nextMonth = f.month === 12 ? 1 : f.month + 1;
  const nextYear = f.month === 12 ? f.year + 1 : f.year;
  return pragueTime(nextYear, nextMonth, new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate(), 20);
}

/** Midnight (Prague) of the first day of the month that contains `date`. */
export function pragueMonthStart(date: Date): Date {
  const f = pragueFields(date);
  return pragueTime(f.year, f.month, 1, 0);
}
