import { describe, expect, it } from "vitest";
import { type DecimalOptions, formatDecimal } from "./numbers.ts";

// The numbers the pages write: ratings, strengths, ages, counts, prices' bounds, and the edges of
// rounding (ties, values whose binary form lies below the tie, negatives, zero and -0).
const VALUES = [
  0,
  -0,
  1,
  -1,
  4,
  4.25,
  4.35,
  4.45,
  46.55,
  46.45,
  1.005,
  2.5,
  -2.5,
  0.05,
  -0.04,
  -0.01,
  0.95,
  9.95,
  99.95,
  999.5,
  999.95,
  1000,
  1234,
  12345,
  123456,
  1234567.891,
  -1234.5,
  14928,
  1e21,
  1.5e-7,
  0.1 + 0.2,
  123.456789,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];
const OPTIONS: DecimalOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 1, useGrouping: false },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
];

describe("formatDecimal", () => {
  it("writes what Intl.NumberFormat writes for cs-CZ and en-GB", () => {
    for (const [locale, tag] of [
      ["cs", "cs-CZ"],
      ["en", "en-GB"],
    ] as const)
      for (const options of OPTIONS) {
        const intl = new Intl.NumberFormat(tag, options);
        for (const value of VALUES)
          expect(formatDecimal(value, locale, options), `${tag} ${JSON.stringify(options)} ${value}`).toBe(
            intl.format(value),
          );
      }
  });

  it("agrees with Intl on a sweep of values with one and two decimals", () => {
    const cs = new Intl.NumberFormat("cs-CZ", { maximumFractionDigits: 1 });
    const en = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (let hundredths = -20_000; hundredths <= 20_000; hundredths += 7) {
      const value = hundredths / 100;
      expect(formatDecimal(value, "cs", { maximumFractionDigits: 1 })).toBe(cs.format(value));
      expect(formatDecimal(value, "en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe(
        en.format(value),
      );
    }
  });

  it("separates thousands with a no-break space in Czech and a comma in English", () => {
    expect(formatDecimal(14928, "cs")).toBe("14\u00a0928");
    expect(formatDecimal(14928, "en")).toBe("14,928");
    expect(formatDecimal(41.25, "cs", { maximumFractionDigits: 1 })).toBe("41,3");
  });
});
