import { describe, expect, it } from "vitest";
import {
  type BidRange,
  bidStepFor,
  findBidRange,
  isBidTable,
  minimumNextBid,
  rangeMinimumFor,
  validateBidTable,
} from "./bid-step.ts";

/** The seeded `bid` setting, in whole CZK. */
const TABLE: BidRange[] = [
  { min: 0, max: 500, value: 10, step: 10 },
  { min: 500, max: 1000, value: 20, step: 20 },
  { min: 1000, max: 5000, value: 50, step: 50 },
  { min: 5000, max: 10000, value: 100, step: 100 },
  { min: 10000, max: 50000, value: 500, step: 500 },
  { min: 50000, max: 100000, value: 1000, step: 1000 },
  { min: 100000, max: null, value: 2000, step: 2000 },
];

const codes = (table: unknown) => validateBidTable(table).map(({ index, code }) => `${index}:${code}`);

describe("bidStepFor", () => {
  it("gives the value of the range containing the price, in minor units", () => {
    expect(bidStepFor(0, TABLE)).toBe(1000);
    expect(bidStepFor(25000, TABLE)).toBe(1000);
    expect(bidStepFor(300000, TABLE)).toBe(5000);
  });

  it("includes the lower bound and excludes the upper one", () => {
    expect(bidStepFor(49999, TABLE)).toBe(1000); // 499.99 CZK
    expect(bidStepFor(50000, TABLE)).toBe(2000); // 500 CZK: the next range's min
    expect(bidStepFor(99999, TABLE)).toBe(2000);
    expect(bidStepFor(100000, TABLE)).toBe(5000);
    expect(bidStepFor(9999999, TABLE)).toBe(100000); // 99 999.99 CZK
  });

  it("uses the open-ended last range for any higher price", () => {
    expect(bidStepFor(10000000, TABLE)).toBe(200000); // exactly 100 000 CZK
    expect(bidStepFor(500000000, TABLE)).toBe(200000);
  });

  it("uses the lowest range for a price below the first range", () => {
    const fromHundred: BidRange[] = [
      { min: 100, max: 1000, value: 5, step: 5 },
      { min: 1000, max: null, value: 50, step: 50 },
    ];
    expect(bidStepFor(5000, fromHundred)).toBe(500);
    expect(bidStepFor(-100, TABLE)).toBe(1000);
  });

  it("uses the range below for a gap or above a closed last range, regardless of order", () => {
    const gapped: BidRange[] = [
      { min: 1000, max: 2000, value: 50, step: 50 },
      { min: 0, max: 500, value: 10, step: 10 },
    ];
    expect(bidStepFor(70000, gapped)).toBe(1000); // 700 CZK: in the gap, range 0-500 applies
    expect(bidStepFor(500000, gapped)).toBe(5000); // 5 000 CZK: above the closed last range
  });

  it("throws on an empty table", () => {
    expect(() => bidStepFor(100, [])).toThrow(RangeError);
  });
});

describe("rangeMinimumFor and findBidRange", () => {
  it("gives the lower bound of the range, in minor units", () => {
    expect(rangeMinimumFor(0, TABLE)).toBe(0);
    expect(rangeMinimumFor(74900, TABLE)).toBe(50000);
    expect(rangeMinimumFor(100000, TABLE)).toBe(100000);
    expect(rangeMinimumFor(99999, TABLE)).toBe(50000);
    expect(rangeMinimumFor(123456789, TABLE)).toBe(10000000);
  });

  it("returns the whole range", () => {
    expect(findBidRange(50000, TABLE)).toBe(TABLE[1]);
    expect(findBidRange(10000000, TABLE)).toBe(TABLE[6]);
  });
});

describe("minimumNextBid", () => {
  it("lets the first bid equal the start price", () => {
    expect(minimumNextBid({ currentPriceMinor: 49900, startPriceMinor: 49900, bidCount: 0 }, TABLE)).toBe(
      49900,
    );
  });

  it("requires current price plus the step after the first bid", () => {
    expect(minimumNextBid({ currentPriceMinor: 49900, startPriceMinor: 49900, bidCount: 1 }, TABLE)).toBe(
      50900,
    );
    expect(minimumNextBid({ currentPriceMinor: 50000, startPriceMinor: 10000, bidCount: 3 }, TABLE)).toBe(
      52000,
    );
    expect(minimumNextBid({ currentPriceMinor: 49999, startPriceMinor: 10000, bidCount: 3 }, TABLE)).toBe(
      50999,
    );
    expect(minimumNextBid({ currentPriceMinor: 10000000, startPriceMinor: 10000, bidCount: 40 }, TABLE)).toBe(
      10200000,
    );
  });

  it("does not need a table for the first bid", () => {
    expect(minimumNextBid({ currentPriceMinor: 100, startPriceMinor: 100, bidCount: 0 }, [])).toBe(100);
  });
});

describe("validateBidTable", () => {
  it("accepts the seeded table", () => {
    expect(validateBidTable(TABLE)).toEqual([]);
    expect(isBidTable(TABLE)).toBe(true);
    expect(isBidTable([{ min: 0, max: null, value: 1, step: 1 }])).toBe(true);
  });

  it("refuses a non-list or an empty list", () => {
    expect(codes(null)).toEqual(["null:not-a-list"]);
    expect(codes({ min: 0 })).toEqual(["null:not-a-list"]);
    expect(codes([])).toEqual(["null:empty"]);
    expect(isBidTable([])).toBe(false);
  });

  it("refuses entries of the wrong shape", () => {
    expect(
      codes([
        { min: 0, max: 500, value: 10 },
        { min: "500", max: null, value: 20, step: 20 },
        { min: 500, max: null, value: 20.5, step: 20 },
        { min: -1, max: null, value: 20, step: 20 },
        null,
      ]),
    ).toEqual([
      "0:invalid-entry",
      "1:invalid-entry",
      "2:invalid-entry",
      "3:invalid-entry",
      "4:invalid-entry",
    ]);
  });

  it("requires the first range to start at 0 and the last to be open-ended", () => {
    expect(
      codes([
        { min: 100, max: 500, value: 10, step: 10 },
        { min: 500, max: 1000, value: 20, step: 20 },
      ]),
    ).toEqual(["0:min-not-zero", "1:last-range-closed"]);
  });

  it("finds unsorted, overlapping and gapped ranges", () => {
    const unsorted = [TABLE[1], TABLE[0], ...TABLE.slice(2)];
    expect(codes(unsorted)).toEqual(["0:min-not-zero", "1:not-contiguous", "2:not-contiguous"]);
    const overlapping = [{ ...TABLE[0], max: 600 }, ...TABLE.slice(1)];
    expect(codes(overlapping)).toEqual(["1:not-contiguous"]);
    const gapped = [TABLE[0], ...TABLE.slice(2)];
    expect(codes(gapped)).toEqual(["1:not-contiguous"]);
  });

  it("finds an open range before the end and a max not above its min", () => {
    expect(
      codes([
        { min: 0, max: null, value: 10, step: 10 },
        { min: 500, max: 500, value: 20, step: 20 },
      ]),
    ).toEqual(["0:open-range-not-last", "1:max-not-above-min", "1:last-range-closed"]);
  });

  it("requires positive value and step", () => {
    expect(codes([{ min: 0, max: null, value: 0, step: 0 }])).toEqual([
      "0:value-not-positive",
      "0:step-not-positive",
    ]);
  });

  it("describes each problem in words", () => {
    expect(validateBidTable([{ min: 5, max: null, value: 1, step: 1 }])).toEqual([
      { index: 0, code: "min-not-zero", message: "The first range must start at 0" },
    ]);
  });
});
