import { describe, expect, it } from "vitest";
import { PRODUCT_STATUSES, type ProductStatus } from "#core/contracts/catalog.ts";
import {
  assertTransition,
  canTransition,
  IllegalTransitionError,
  INITIAL_STATUSES,
  isFinal,
  LISTING_TRANSITIONS,
  ownerActions,
} from "#core/lifecycles/listing.ts";
import { monthlyAuctionEnd, monthlyRoundClose, weeklyAuctionEnd } from "#core/rules/auction-end.ts";
import {
  baseInsertionFee,
  type InsertionFees,
  insertionFee,
  promotionFee,
  readInsertionFees,
  readPromotionFees,
} from "#core/rules/fees.ts";
import { fromPragueLocalInput, fromPragueWallClock, toPragueLocalInput } from "#core/time/prague.ts";
import { brandNameKey, cleanBrandName } from "#server/modules/catalog/index.ts";

describe("listing lifecycle", () => {
  it("allows exactly the transitions of docs/product/lifecycles.md", () => {
    const allowed = PRODUCT_STATUSES.flatMap((from) =>
      PRODUCT_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "draft->awaiting_payment",
        "draft->scheduled",
        "draft->active",
        "draft->cancelled",
        "in_review->awaiting_payment",
        "in_review->scheduled",
        "in_review->active",
        "in_review->cancelled",
        "in_review->rejected",
        "awaiting_payment->scheduled",
        "awaiting_payment->active",
        "awaiting_payment->cancelled",
        "awaiting_payment->expired",
        "awaiting_payment->rejected",
        "scheduled->active",
        "scheduled->cancelled",
        "scheduled->rejected",
        "active->ended",
        "active->sold",
        "active->cancelled",
        "active->rejected",
      ].sort(),
    );
  });

  it("has a row for every status, and the finished ones are final", () => {
    expect(Object.keys(LISTING_TRANSITIONS).sort()).toEqual([...PRODUCT_STATUSES].sort());
    for (const status of ["ended", "sold", "cancelled", "rejected", "expired"] as ProductStatus[]) {
      expect(isFinal(status)).toBe(true);
      for (const to of PRODUCT_STATUSES) expect(canTransition(status, to)).toBe(false);
    }
    for (const status of ["draft", "in_review", "awaiting_payment", "scheduled", "active"] as ProductStatus[])
      expect(isFinal(status)).toBe(false);
  });

  it("never goes back: no revived sale, no unpaid listing made live by a cancel", () => {
    expect(canTransition("sold", "active")).toBe(false);
    expect(canTransition("ended", "active")).toBe(false);
    expect(canTransition("active", "scheduled")).toBe(false);
    expect(canTransition("active", "awaiting_payment")).toBe(false);
    expect(canTransition("cancelled", "awaiting_payment")).toBe(false);
    expect(canTransition("scheduled", "expired")).toBe(false);
    expect(canTransition("active", "active")).toBe(false);
  });

  it("assertTransition throws on an illegal change and names it", () => {
    expect(() => assertTransition("awaiting_payment", "active")).not.toThrow();
    expect(() => assertTransition("sold", "cancelled")).toThrow(IllegalTransitionError);
    expect(() => assertTransition("sold", "cancelled")).toThrow("sold -> cancelled");
  });

  it("creates listings in a non-final, pre-end status only", () => {
    expect(INITIAL_STATUSES).toEqual(["draft", "in_review", "awaiting_payment", "scheduled", "active"]);
  });

  it("offers the seller the actions the state allows", () => {
    const auction = { format: "auction" as const, bidCount: 0, winnerId: null };
    expect(ownerActions({ ...auction, status: "active" })).toEqual({
      edit: true,
      cancel: true,
      relist: false,
      top: true,
      pay: false,
    });
    // A bid is binding: no cancel after it, the edit page stays (description and images).
    expect(ownerActions({ ...auction, status: "active", bidCount: 1 })).toEqual({
      edit: true,
      cancel: false,
      relist: false,
      top: true,
      pay: false,
    });
    expect(ownerActions({ ...auction, status: "awaiting_payment", feeDue: true })).toMatchObject({
      edit: true,
      cancel: true,
      top: false,
      pay: true,
    });
    // Paid (or free) means nothing to pay, whatever the state says.
    expect(ownerActions({ ...auction, status: "awaiting_payment", feeDue: false }).pay).toBe(false);
    expect(ownerActions({ ...auction, status: "active", feeDue: true }).pay).toBe(false);
    expect(ownerActions({ ...auction, status: "scheduled" })).toMatchObject({ cancel: true, top: false });
    // Unsold ones can be listed again; a sold one cannot.
    expect(ownerActions({ ...auction, status: "ended" })).toEqual({
      edit: false,
      cancel: false,
      relist: true,
      top: false,
      pay: false,
    });
    expect(ownerActions({ ...auction, status: "ended", bidCount: 3, winnerId: 5 }).relist).toBe(false);
    expect(ownerActions({ ...auction, status: "sold", bidCount: 3, winnerId: 5 })).toEqual({
      edit: false,
      cancel: false,
      relist: false,
      top: false,
      pay: false,
    });
    expect(ownerActions({ ...auction, status: "expired" }).relist).toBe(true);
    expect(ownerActions({ ...auction, status: "cancelled" }).relist).toBe(true);
    expect(ownerActions({ ...auction, status: "rejected" }).relist).toBe(false);
    expect(ownerActions({ ...auction, format: "shop", status: "cancelled" }).relist).toBe(false);
  });
});

describe("promotion fee", () => {
  const prices = { perDayMinor: 1500, minDays: 1, maxDays: 30 };

  it("is the price per day times the days, less the group discount rounded half up", () => {
    expect(promotionFee(prices, 7, 0)).toEqual({
      baseMinor: 10_500,
      discountPercent: 0,
      discountMinor: 0,
      amountMinor: 10_500,
    });
    expect(promotionFee(prices, 7, 5)).toEqual({
      baseMinor: 10_500,
      discountPercent: 5,
      discountMinor: 525,
      amountMinor: 9975,
    });
    // 3 % of 15,00 Kč is 0,45 Kč; of 1,50 Kč it is 0,045 Kč, rounded up to 0,05 Kč.
    expect(promotionFee(prices, 1, 3).discountMinor).toBe(45);
    expect(promotionFee({ ...prices, perDayMinor: 150 }, 1, 3).discountMinor).toBe(5);
    expect(promotionFee(prices, 30, 100).amountMinor).toBe(0);
  });

  it("reads its prices from the fees setting, or nothing when they are missing or inconsistent", () => {
    expect(
      readPromotionFees({ promotionPerDayMinor: 1500, promotionMinDays: 1, promotionMaxDays: 30 }),
    ).toEqual(prices);
    expect(
      readPromotionFees({ promotionPerDayMinor: 1500, promotionMinDays: 5, promotionMaxDays: 3 }),
    ).toBeNull();
    expect(
      readPromotionFees({ promotionPerDayMinor: 1500, promotionMinDays: 0, promotionMaxDays: 3 }),
    ).toBeNull();
    expect(
      readPromotionFees({ promotionPerDayMinor: "15", promotionMinDays: 1, promotionMaxDays: 3 }),
    ).toBeNull();
    expect(readPromotionFees(null)).toBeNull();
  });
});

describe("insertion fee", () => {
  const fees: InsertionFees = { auction: { week: 2900, month: 4900 }, classified: 1900, demand: 0 };

  it("is taken per format and duration; demand has its own", () => {
    expect(baseInsertionFee(fees, { format: "auction", type: "supply", duration: "week" })).toBe(2900);
    expect(baseInsertionFee(fees, { format: "auction", type: "supply", duration: "month" })).toBe(4900);
    expect(baseInsertionFee(fees, { format: "classified", type: "supply", duration: null })).toBe(1900);
    expect(baseInsertionFee(fees, { format: "classified", type: "demand", duration: null })).toBe(0);
  });

  it("applies the group discount, rounded to whole haléře half up", () => {
    const week = { format: "auction" as const, type: "supply" as const, duration: "week" as const };
    expect(insertionFee(fees, week, 0)).toEqual({
      baseMinor: 2900,
      discountPercent: 0,
      discountMinor: 0,
      amountMinor: 2900,
    });
    expect(insertionFee(fees, week, 5)).toEqual({
      baseMinor: 2900,
      discountPercent: 5,
      discountMinor: 145,
      amountMinor: 2755,
    });
    expect(insertionFee(fees, { ...week, duration: "month" }, 10).amountMinor).toBe(4410);
    // 5 % of 0,10 Kč is half a haléř: rounded up to 1.
    expect(
      insertionFee({ ...fees, classified: 10 }, { ...week, format: "classified" }, 5).discountMinor,
    ).toBe(1);
    expect(insertionFee({ ...fees, classified: 9 }, { ...week, format: "classified" }, 5).discountMinor).toBe(
      0,
    );
    expect(insertionFee(fees, week, 100).amountMinor).toBe(0);
  });

  it("keeps the discount within 0-100 % and a free listing free", () => {
    const week = { format: "auction" as const, type: "supply" as const, duration: "week" as const };
    expect(insertionFee(fees, week, 150).amountMinor).toBe(0);
    expect(insertionFee(fees, week, -20).amountMinor).toBe(2900);
    expect(insertionFee(fees, { format: "classified", type: "demand", duration: null }, 10).amountMinor).toBe(
      0,
    );
  });

  it("reads the fees setting, refusing a malformed one", () => {
    expect(
      readInsertionFees({
        insertionMinor: { auction: { week: 1, month: 2 }, classified: 3, demand: 0 },
        promotionPerDayMinor: 5,
      }),
    ).toEqual({ auction: { week: 1, month: 2 }, classified: 3, demand: 0 });
    expect(readInsertionFees(undefined)).toBeNull();
    expect(
      readInsertionFees({ insertionMinor: { auction: { week: 1 }, classified: 3, demand: 0 } }),
    ).toBeNull();
    expect(
      readInsertionFees({ insertionMinor: { auction: { week: -1, month: 2 }, classified: 3, demand: 0 } }),
    ).toBeNull();
    expect(
      readInsertionFees({ insertionMinor: { auction: { week: 1.5, month: 2 }, classified: 3, demand: 0 } }),
    ).toBeNull();
  });
});

describe("Prague time", () => {
  it("converts wall clock to UTC in winter and summer", () => {
    expect(fromPragueWallClock({ year: 2026, month: 1, day: 31, hour: 20, minute: 0 }).toISOString()).toBe(
      "2026-01-31T19:00:00.000Z",
    );
    expect(fromPragueWallClock({ year: 2026, month: 7, day: 31, hour: 20, minute: 0 }).toISOString()).toBe(
      "2026-07-31T18:00:00.000Z",
    );
  });

  it("moves a skipped spring hour forward and takes the first of a repeated autumn hour", () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(fromPragueWallClock({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }).toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    expect(fromPragueWallClock({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("reads and writes datetime-local values as Prague time", () => {
    expect(fromPragueLocalInput("2026-06-01T09:15")?.toISOString()).toBe("2026-06-01T07:15:00.000Z");
    expect(fromPragueLocalInput("2026-12-01T09:15:30")?.toISOString()).toBe("2026-12-01T08:15:00.000Z");
    expect(toPragueLocalInput(new Date("2026-06-01T07:15:42Z"))).toBe("2026-06-01T09:15");
    for (const bad of [
      "",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
      "2026-01-01 10:00",
      "x",
    ])
      expect(fromPragueLocalInput(bad)).toBeNull();
  });
});

describe("auction end", () => {
  it("closes the monthly round on the month's last day at 20:00 Prague time", () => {
    expect(monthlyRoundClose(2026, 1).toISOString()).toBe("2026-01-31T19:00:00.000Z");
    // February: 28 days, 29 in a leap year.
    expect(monthlyRoundClose(2026, 2).toISOString()).toBe("2026-02-28T19:00:00.000Z");
    expect(monthlyRoundClose(2028, 2).toISOString()).toBe("2028-02-29T19:00:00.000Z");
    // March ends in summer time (the change is on its last Sunday, the 29th in 2026).
    expect(monthlyRoundClose(2026, 3).toISOString()).toBe("2026-03-31T18:00:00.000Z");
    expect(monthlyRoundClose(2026, 4).toISOString()).toBe("2026-04-30T18:00:00.000Z");
    // October ends in winter time again (the change on the 25th).
    expect(monthlyRoundClose(2026, 10).toISOString()).toBe("2026-10-31T19:00:00.000Z");
    expect(monthlyRoundClose(2026, 12).toISOString()).toBe("2026-12-31T19:00:00.000Z");
  });

  it("puts a monthly auction into the current round, or the next one in its last day", () => {
    expect(monthlyAuctionEnd(new Date("2026-03-10T08:00:00Z")).toISOString()).toBe(
      "2026-03-31T18:00:00.000Z",
    );
    // Exactly 24 hours before the close: still this month.
    expect(monthlyAuctionEnd(new Date("2026-03-30T18:00:00Z")).toISOString()).toBe(
      "2026-03-31T18:00:00.000Z",
    );
    // Less than 24 hours left: the April round.
    expect(monthlyAuctionEnd(new Date("2026-03-30T18:00:01Z")).toISOString()).toBe(
      "2026-04-30T18:00:00.000Z",
    );
    // After this month's close (31 Jan 21:00 Prague): February's round.
    expect(monthlyAuctionEnd(new Date("2026-01-31T20:00:00Z")).toISOString()).toBe(
      "2026-02-28T19:00:00.000Z",
    );
    // The last round of a year rolls into January.
    expect(monthlyAuctionEnd(new Date("2026-12-31T10:00:00Z")).toISOString()).toBe(
      "2027-01-31T19:00:00.000Z",
    );
    // 1 January 00:30 Prague is still 31 December in UTC: the January round counts by Prague's calendar.
    expect(monthlyAuctionEnd(new Date("2026-12-31T23:30:00Z")).toISOString()).toBe(
      "2027-01-31T19:00:00.000Z",
    );
  });

  it("ends a 7-day auction at the same Prague clock time a week later, across DST", () => {
    expect(weeklyAuctionEnd(new Date("2026-05-04T12:00:00Z")).toISOString()).toBe("2026-05-11T12:00:00.000Z");
    // Activated Saturday 28 March 20:00 CET: ends 4 April 20:00 CEST, 167 hours later.
    expect(weeklyAuctionEnd(new Date("2026-03-28T19:00:00Z")).toISOString()).toBe("2026-04-04T18:00:00.000Z");
    // Activated 20 October 20:00 CEST: ends 27 October 20:00 CET, 169 hours later.
    expect(weeklyAuctionEnd(new Date("2026-10-20T18:00:00Z")).toISOString()).toBe("2026-10-27T19:00:00.000Z");
    // Across a month's end, seconds kept.
    expect(weeklyAuctionEnd(new Date("2026-01-28T10:15:30Z")).toISOString()).toBe("2026-02-04T10:15:30.000Z");
  });
});

describe("brand names", () => {
  it("are one brand regardless of case, accents and spacing", () => {
    expect(brandNameKey("Diplomatico")).toBe(brandNameKey("diplomático"));
    expect(brandNameKey("  DIPLOMÁTICO ")).toBe("diplomatico");
    expect(brandNameKey("Château  Mouton")).toBe(brandNameKey("chateau mouton"));
    expect(brandNameKey("Hampden")).not.toBe(brandNameKey("Hampden Estate"));
  });

  it("keep their spelling for display, tidied", () => {
    expect(cleanBrandName("  Worthy   Park ")).toBe("Worthy Park");
    expect(cleanBrandName("Diplomático")).toBe("Diplomático");
  });
});

describe("pre-moderation and reversal", () => {
  it("a held listing goes on where it would have gone, or is rejected; only a reversal revives a rejected one", async () => {
    const { assertReinstatement } = await import("#core/lifecycles/listing.ts");
    for (const to of ["awaiting_payment", "scheduled", "active", "rejected", "cancelled"] as ProductStatus[])
      expect(canTransition("in_review", to)).toBe(true);
    expect(canTransition("rejected", "active")).toBe(false);
    expect(() => assertReinstatement("rejected", "active")).not.toThrow();
    expect(() => assertReinstatement("rejected", "sold")).toThrow();
    expect(() => assertReinstatement("cancelled", "active")).toThrow();
  });
});
