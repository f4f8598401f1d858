import { describe, expect, it } from "vitest";
import { formatDate, formatMonth, formatMonthYear } from "./dates.ts";

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
  });
});
