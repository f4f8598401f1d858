import type { AuctionDuration } from "../contracts/catalog.ts";
import { fromPragueWallClock, toPragueWallClock } from "../time/prague.ts";

/**
 * When a listing ends (docs/product/auctions.md, "Duration and end"): a 7-day auction 7 days after
 * its activation, a monthly one when the monthly round closes, the last day of the month at 20:00
 * Europe/Prague.
 */

/** The hour (Prague time) the monthly round closes on the month's last day. */
export const MONTHLY_CLOSE_HOUR = 20;
/**
 * A monthly auction activated less than this before the round closes joins the next month's
 * round instead: an auction of a few minutes (activated on the 31st at 19:55) would be no auction.
 */
export const MONTHLY_MIN_RUNTIME_MS = 24 * 3600 * 1000;
export const WEEK_DAYS = 7;

/** The monthly round's close of a month (1-12): its last day at 20:00 Prague time. */
export function monthlyRoundClose(year: number, month: number): Date {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return fromPragueWallClock({ year, month, day: lastDay, hour: MONTHLY_CLOSE_HOUR, minute: 0 });
}

/**
 * The close of the monthly round running at `instant`: the first close after it. The monthly
 * auctions page counts down to it, and the demo data ends its monthly auctions there.
 */
export function nextMonthlyRoundClose(instant: Date): Date {
  const wall = toPragueWallClock(instant);
  const close = monthlyRoundClose(wall.year, wall.month);
  if (close.getTime() > instant.getTime()) return close;
  // Date.UTC rolls month 13 over into January of the next year.
  const next = new Date(Date.UTC(wall.year, wall.month, 1));
  return monthlyRoundClose(next.getUTCFullYear(), next.getUTCMonth() + 1);
}

/**
 * The close of the round a monthly auction activated at `activation` joins: this month's, unless
 * less than a day is left of it (MONTHLY_MIN_RUNTIME_MS), then next month's.
 */
export function monthlyAuctionEnd(activation: Date): Date {
  const wall = toPragueWallClock(activation);
  const close = monthlyRoundClose(wall.year, wall.month);
  if (close.getTime() - activation.getTime() >= MONTHLY_MIN_RUNTIME_MS) return close;
  // Date.UTC rolls month 13 over into January of the next year.
  const next = new Date(Date.UTC(wall.year, wall.month, 1));
  return monthlyRoundClose(next.getUTCFullYear(), next.getUTCMonth() + 1);
}

/**
 * A 7-day auction ends 7 calendar days later at the same Prague wall-clock time: one activated at
 * 20:00 ends at 20:00 even across a change to or from summer time (then 167 or 169 hours later).
 */
export function weeklyAuctionEnd(activation: Date): Date {
  const wall = toPragueWallClock(activation);
  const end = fromPragueWallClock({ ...wall, day: wall.day + WEEK_DAYS });
  // Keep the seconds of the activation, which the wall clock drops.
  return new Date(end.getTime() + (activation.getTime() % 60_000));
}

/** The end of an auction with the given duration activated at `activation`. */
export function auctionEnd(duration: AuctionDuration, activation: Date): Date {
  return duration === "month" ? monthlyAuctionEnd(activation) : weeklyAuctionEnd(activation);
}
