import { fromPragueWallClock, toPragueWallClock } from "#core/time/prague.ts";

/** Days in a week's figure; the dashboard shows this week and the one before. */
export const WEEK_DAYS = 7;

export type DashboardDays = {
  /** The 14 Prague dates (YYYY-MM-DD), oldest first: the previous week, then this one ending today. */
  dates: string[];
  /** The 15 instants where those days begin, the last one being the end of today (Prague midnight). */
  bounds: Date[];
};

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The last 7 Prague days (today included) and the 7 before them, at `now`. Days begin at Prague
 * midnight, so a day of the clock change lasts 23 or 25 hours (docs/decisions/0016-prague-time.md).
 */
export function dashboardDays(now: Date): DashboardDays {
  const today = toPragueWallClock(now);
  const bounds = Array.from({ length: 2 * WEEK_DAYS + 1 }, (_, index) =>
    fromPragueWallClock({
      year: today.year,
      month: today.month,
      day: today.day - (2 * WEEK_DAYS - 1) + index,
      hour: 0,
      minute: 0,
    }),
  );
  const dates = bounds.slice(0, -1).map((bound) => {
    const wall = toPragueWallClock(bound);
    return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  });
  return { dates, bounds };
}
