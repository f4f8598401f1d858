import { describe, expect, it } from "vitest";
import { weeklyAuctionEnd } from "../rules/auction-end.ts";
import { releaseState } from "./listing.ts";

describe("the release of a listing (its fee settled, or free)", () => {
  const at = new Date("2026-03-02T10:00:00Z");

  it("goes live now without a future activation date, an auction with its end from now", () => {
    expect(releaseState({ format: "auction", duration: "week", activationAt: null }, at)).toEqual({
      status: "active",
      activationAt: at,
      endsAt: weeklyAuctionEnd(at),
    });
    // A date already past counts as now.
    const past = new Date(at.getTime() - 60_000);
    expect(releaseState({ format: "classified", duration: null, activationAt: past }, at)).toEqual({
      status: "active",
      activationAt: at,
      endsAt: null,
    });
  });

  it("is scheduled for a future activation date, the end counted from that date", () => {
    const later = new Date("2026-03-05T08:00:00Z");
    expect(releaseState({ format: "auction", duration: null, activationAt: later }, at)).toEqual({
      status: "scheduled",
      activationAt: later,
      endsAt: weeklyAuctionEnd(later),
    });
  });
});
