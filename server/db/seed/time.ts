/** Durations for the demo data's dates (Prague time and the monthly round: core/time, core/rules/auction-end.ts). */

export const MINUTE = 60_000;
export const DAY = 24 * 3600_000;
