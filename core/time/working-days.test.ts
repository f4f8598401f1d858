import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromPragueWallClock, toPragueWallClock } from "./prague.ts";
import { addWorkingDays, czechPublicHolidays, easterSunday, isWorkingDay } from "./working-days.ts";

const prague = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  fromPragueWallClock({ year, month, day, hour, minute });

describe("Czech public holidays", () => {
  it("finds Easter Sunday for known years", () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
  });

  it("lists the fixed days, Good Friday and Easter Monday", () => {
    expect(czechPublicHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-01",
      "2026-05-08",
      "2026-07-05",
      "2026-07-06",
      "2026-09-28",
      "2026-10-28",
      "2026-11-17",
      "2026-12-24",
      "2026-12-25",
      "2026-12-26",
    ]);
  });
});

describe("addWorkingDays", () => {
  it("skips weekends and keeps the Prague wall-clock time", () => {
    // Wednesday 25 November 2026, 14:30 + 5 working days = Wednesday 2 December.
    expect(toPragueWallClock(addWorkingDays(prague(2026, 11, 25, 14, 30), 5))).toEqual({
      year: 2026,
      month: 12,
      day: 2,
      hour: 14,
      minute: 30,
    });
    // Friday + 1 = Monday; Saturday + 1 = Monday.
    expect(toPragueWallClock(addWorkingDays(prague(2026, 11, 27), 1)).day).toBe(30);
    expect(toPragueWallClock(addWorkingDays(prague(2026, 11, 28), 1)).day).toBe(30);
  });

  it("skips the holidays: Easter and Christmas", () => {
    // Thursday 2 April 2026 + 1: Good Friday and Easter Monday are off, so Tuesday 7 April.
    expect(toPragueWallClock(addWorkingDays(prague(2026, 4, 2), 1))).toMatchObject({ month: 4, day: 7 });
    // Wednesday 23 December 2026 + 5: 24-26 Dec and the weekend off; 28, 29, 30, 31 Dec, 4 Jan (1 Jan off).
    expect(toPragueWallClock(addWorkingDays(prague(2026, 12, 23), 5))).toMatchObject({
      year: 2027,
      month: 1,
      day: 4,
    });
  });

  it("keeps the wall-clock time across the change to summer time", () => {
    // Friday 27 March 2026 10:00 (UTC+1) + 1 = Monday 30 March 10:00 (UTC+2).
    const landed = addWorkingDays(prague(2026, 3, 27, 10), 1);
    expect(landed.toISOString()).toBe("2026-03-30T08:00:00.000Z");
  });

  it("gives the instant back for 0 and refuses a fraction", () => {
    const at = new Date("2026-11-25T13:00:05.123Z");
    expect(addWorkingDays(at, 0)).toEqual(at);
    expect(() => addWorkingDays(at, 1.5)).toThrow(RangeError);
  });

  it("lands on a working day, later by at least n calendar days, and keeps seconds", () => {
    // Daytime in Prague, away from the hour the clock change skips or repeats.
    const instants = fc
      .record({
        year: fc.integer({ min: 2020, max: 2040 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
        hour: fc.integer({ min: 6, max: 22 }),
        minute: fc.integer({ min: 0, max: 59 }),
        seconds: fc.integer({ min: 0, max: 59 }),
      })
      .map(({ seconds, ...wall }) => new Date(fromPragueWallClock(wall).getTime() + seconds * 1000));
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 30 }), (at, n) => {
        const landed = addWorkingDays(at, n);
        expect(isWorkingDay(landed)).toBe(true);
        expect(landed.getTime() - at.getTime()).toBeGreaterThanOrEqual(n * 86_400_000 - 3_600_000);
        expect(landed.getUTCSeconds()).toBe(at.getUTCSeconds());
        // n + 1 working days is n working days and one more.
        expect(addWorkingDays(at, n + 1)).toEqual(addWorkingDays(landed, 1));
      }),
    );
  });
});
