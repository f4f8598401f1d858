import { describe, expect, it } from "vitest";
import { auctionPhase, closedStatus, closeOutcome, closeReason, leadingPrice } from "./auction.ts";
import { canTransition } from "./listing.ts";

const now = new Date("2026-03-01T12:00:00Z");
const later = new Date("2026-03-01T13:00:00Z");
const earlier = new Date("2026-03-01T11:00:00Z");
const leader = { userId: 7, maxMinor: 150_00, since: earlier };

describe("auction phases", () => {
  it("follow the listing's status and the end", () => {
    expect(auctionPhase({ status: "awaiting_payment", endsAt: null }, now)).toBe("not_started");
    expect(auctionPhase({ status: "scheduled", endsAt: later }, now)).toBe("not_started");
    expect(auctionPhase({ status: "draft", endsAt: null }, now)).toBe("not_started");
    expect(auctionPhase({ status: "active", endsAt: later }, now)).toBe("running");
    expect(auctionPhase({ status: "active", endsAt: now }, now)).toBe("closing");
    expect(auctionPhase({ status: "active", endsAt: earlier }, now)).toBe("closing");
    // Without an end it cannot take bids: the close is due.
    expect(auctionPhase({ status: "active", endsAt: null }, now)).toBe("closing");
    expect(auctionPhase({ status: "sold", endsAt: earlier }, now)).toBe("closed");
    expect(auctionPhase({ status: "ended", endsAt: earlier }, now)).toBe("closed");
    for (const status of ["cancelled", "rejected", "expired"] as const)
      expect(auctionPhase({ status, endsAt: later }, now)).toBe("withdrawn");
  });
});

describe("the close", () => {
  it("sells to the leader at the current price when there is no reserve", () => {
    const outcome = closeOutcome({ leader, currentPriceMinor: 120_00, reservePriceMinor: null });
    expect(outcome).toEqual({ outcome: "sold", winnerId: 7, priceMinor: 120_00 });
    expect(closedStatus(outcome)).toBe("sold");
    expect(closeReason(outcome)).toBe("auction_won");
  });

  it("sells at exactly the reserve, not below it", () => {
    expect(closeOutcome({ leader, currentPriceMinor: 100_00, reservePriceMinor: 100_00 }).outcome).toBe(
      "sold",
    );
    const below = closeOutcome({ leader, currentPriceMinor: 99_00, reservePriceMinor: 100_00 });
    expect(below).toEqual({ outcome: "unsold", reason: "reserve_not_met" });
    expect(closedStatus(below)).toBe("ended");
    expect(closeReason(below)).toBe("auction_reserve_not_met");
  });

  it("ends without a winner when nobody bid", () => {
    const none = closeOutcome({ leader: null, currentPriceMinor: null, reservePriceMinor: null });
    expect(none).toEqual({ outcome: "unsold", reason: "no_bids" });
    expect(closeReason(none)).toBe("auction_no_bids");
    expect(closeOutcome({ leader, currentPriceMinor: null, reservePriceMinor: null }).outcome).toBe("unsold");
  });

  it("leads to a status the listing lifecycle allows from active", () => {
    for (const outcome of [
      closeOutcome({ leader, currentPriceMinor: 1, reservePriceMinor: null }),
      closeOutcome({ leader: null, currentPriceMinor: null, reservePriceMinor: null }),
    ])
      expect(canTransition("active", closedStatus(outcome))).toBe(true);
  });

  it("reads the leading price of a stored auction", () => {
    expect(leadingPrice({ bidCount: 0, currentPriceMinor: null, startPriceMinor: 50 })).toBeNull();
    expect(leadingPrice({ bidCount: 2, currentPriceMinor: 80, startPriceMinor: 50 })).toBe(80);
    expect(leadingPrice({ bidCount: 1, currentPriceMinor: null, startPriceMinor: 50 })).toBe(50);
  });
});
