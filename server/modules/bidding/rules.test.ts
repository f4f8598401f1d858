import { describe, expect, it } from "vitest";
import type { BidRange } from "#core/rules/bid-step.ts";
import {
  type AuctionState,
  type BidAmount,
  type BidOutcome,
  type BidRequest,
  decideAuction,
  endAfterBid,
  minimumBidFor,
  placeBid,
  replayBids,
} from "./rules.ts";

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
const OPTIONS = { bidTable: TABLE, softCloseMs: 120_000 };
const czk = (value: number) => value * 100;
const T0 = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const END = at(3_600_000);

function fresh(overrides: Partial<AuctionState> = {}): AuctionState {
  return {
    startPriceMinor: czk(100),
    reservePriceMinor: null,
    currentPriceMinor: null,
    bidCount: 0,
    leader: null,
    endsAt: END,
    ...overrides,
  };
}

/** A state where `userId` leads at `price` with maximum `max`. */
function leading(userId: number, price: number, max: number, overrides: Partial<AuctionState> = {}) {
  return fresh({
    currentPriceMinor: czk(price),
    bidCount: 1,
    leader: { userId, maxMinor: czk(max), since: T0 },
    ...overrides,
  });
}

function accepted(outcome: BidOutcome) {
  if (!outcome.accepted) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

const rows = (outcome: BidOutcome) =>
  accepted(outcome).rows.map((r) => `${r.userId}:${r.kind}:${r.amountMinor / 100}`);

describe("minimum next bid at the range boundaries (min inclusive, max exclusive)", () => {
  it.each([
    [499, 509], // 0-500 range: step 10
    [500, 520], // 500 is in the 500-1000 range: step 20
    [999, 1019],
    [1000, 1050],
    [99_999, 100_999],
    [100_000, 102_000], // the open-ended last range
    [5_000_000, 5_002_000],
  ])("at %i CZK the next bid is at least %i CZK", (price, next) => {
    expect(minimumBidFor(leading(1, price, price), TABLE)).toBe(czk(next));
  });

  it("the first bid may equal the start price, not less", () => {
    const state = fresh();
    expect(minimumBidFor(state, TABLE)).toBe(czk(100));
    expect(
      accepted(placeBid(state, { userId: 1, amountMinor: czk(100), at: T0 }, OPTIONS)).state
        .currentPriceMinor,
    ).toBe(czk(100));
    expect(placeBid(state, { userId: 1, amountMinor: czk(99), at: T0 }, OPTIONS)).toEqual({
      accepted: false,
      reason: "below_minimum",
      minimumMinor: czk(100),
    });
  });

  it("a later bid one haléř below current + step is refused, exactly current + step accepted", () => {
    const state = leading(1, 500, 500);
    const refused = placeBid(state, { userId: 2, amountMinor: czk(520) - 1, at: T0 }, OPTIONS);
    expect(refused).toMatchObject({ accepted: false, reason: "below_minimum", minimumMinor: czk(520) });
    const ok = accepted(placeBid(state, { userId: 2, amountMinor: czk(520), at: T0 }, OPTIONS));
    expect(ok.state.currentPriceMinor).toBe(czk(520));
    expect(ok.state.leader?.userId).toBe(2);
    expect(ok.outbidUserId).toBe(1);
  });
});

describe("proxy bidding", () => {
  it("a plain bid below the leader's maximum is answered one step above it", () => {
    const outcome = placeBid(leading(1, 100, 1000), { userId: 2, amountMinor: czk(200), at: T0 }, OPTIONS);
    expect(rows(outcome)).toEqual(["2:manual:200", "1:automatic:210"]);
    expect(accepted(outcome).state).toMatchObject({ currentPriceMinor: czk(210), leader: { userId: 1 } });
    expect(accepted(outcome).outbidUserId).toBeNull();
  });

  it("equal maxima: the earlier one leads, at that maximum", () => {
    const outcome = placeBid(leading(1, 100, 1000), { userId: 2, amountMinor: czk(1000), at: T0 }, OPTIONS);
    expect(rows(outcome)).toEqual(["2:manual:1000", "1:automatic:1000"]);
    expect(accepted(outcome).state).toMatchObject({ currentPriceMinor: czk(1000), leader: { userId: 1 } });
  });

  it("a higher maximum wins at one step above the standing maximum, not at its own maximum", () => {
    const outcome = placeBid(
      leading(1, 100, 1000),
      { userId: 2, amountMinor: czk(300), maxMinor: czk(2000), at: T0 },
      OPTIONS,
    );
    // 1000 CZK is in the 1000-5000 range: step 50.
    expect(rows(outcome)).toEqual(["2:manual:300", "1:automatic:1000", "2:automatic:1050"]);
    expect(accepted(outcome).state).toMatchObject({
      currentPriceMinor: czk(1050),
      leader: { userId: 2, maxMinor: czk(2000) },
      bidCount: 4,
    });
    expect(accepted(outcome).outbidUserId).toBe(1);
  });

  it("a higher maximum just above the standing one wins at its own maximum (never more)", () => {
    const outcome = placeBid(
      leading(1, 100, 1000),
      { userId: 2, amountMinor: czk(300), maxMinor: czk(1020), at: T0 },
      OPTIONS,
    );
    expect(accepted(outcome).state.currentPriceMinor).toBe(czk(1020));
  });

  it("a lower maximum is spent in full and the leader answers one step above it", () => {
    const outcome = placeBid(
      leading(1, 100, 1000),
      { userId: 2, amountMinor: czk(200), maxMinor: czk(600), at: T0 },
      OPTIONS,
    );
    // 600 CZK: step 20.
    expect(rows(outcome)).toEqual(["2:manual:200", "2:automatic:600", "1:automatic:620"]);
    expect(accepted(outcome).state).toMatchObject({ currentPriceMinor: czk(620), leader: { userId: 1 } });
  });

  it("the leader raising their own maximum keeps the price and does not extend the end", () => {
    const state = leading(1, 300, 1000);
    const late = at(3_600_000 - 30_000);
    const outcome = accepted(
      placeBid(state, { userId: 1, amountMinor: czk(310), maxMinor: czk(5000), at: late }, OPTIONS),
    );
    expect(outcome.rows.map((r) => `${r.kind}:${r.amountMinor / 100}:${r.maxMinor / 100}`)).toEqual([
      "max_raise:300:5000",
    ]);
    expect(outcome.state).toMatchObject({
      currentPriceMinor: czk(300),
      bidCount: 1,
      leader: { maxMinor: czk(5000) },
    });
    expect(outcome.extended).toBe(false);
  });

  it("the leader may not lower or repeat their maximum", () => {
    const outcome = placeBid(leading(1, 300, 1000), { userId: 1, amountMinor: czk(1000), at: T0 }, OPTIONS);
    expect(outcome).toMatchObject({ accepted: false, reason: "max_not_raised" });
  });

  it("a maximum below the bid is refused", () => {
    const outcome = placeBid(
      fresh(),
      { userId: 1, amountMinor: czk(200), maxMinor: czk(150), at: T0 },
      OPTIONS,
    );
    expect(outcome).toMatchObject({ accepted: false, reason: "max_below_amount" });
  });

  it("the price never exceeds the second-highest maximum plus one step", () => {
    let state = fresh();
    const maxima = [czk(800), czk(2500), czk(1200), czk(2400)];
    maxima.forEach((max, index) => {
      const request = {
        userId: index + 1,
        amountMinor: minimumBidFor(state, TABLE),
        maxMinor: max,
        at: at(index),
      };
      state = accepted(placeBid(state, request, OPTIONS)).state;
    });
    // Highest 2500 (user 2), second 2400: 2400 + 50.
    expect(state).toMatchObject({ currentPriceMinor: czk(2450), leader: { userId: 2 } });
  });
});

describe("bidding the current minimum, with a ceiling", () => {
  const minimum = (
    userId: number,
    ceiling: number,
    extra: { maxMinor?: number; at?: Date } = {},
  ): BidRequest => ({
    userId,
    minimum: true,
    notAboveMinor: czk(ceiling),
    at: T0,
    ...extra,
  });

  it("the first one bids the start price", () => {
    const outcome = accepted(placeBid(fresh(), minimum(1, 150), OPTIONS));
    expect(rows(outcome)).toEqual(["1:manual:100"]);
    expect(outcome.state).toMatchObject({ currentPriceMinor: czk(100), bidCount: 1, leader: { userId: 1 } });
  });

  it("bids the minimum of the moment of the decision, not the one the bidder saw", () => {
    // Both saw 500 CZK as the minimum; the faster one got it, the other goes in one step (20) above.
    const first = accepted(placeBid(leading(9, 490, 490), minimum(1, 600), OPTIONS));
    expect(first.state.currentPriceMinor).toBe(czk(500));
    const second = accepted(placeBid(first.state, minimum(2, 600), OPTIONS));
    expect(rows(second)).toEqual(["2:manual:520"]);
    expect(second.state).toMatchObject({ currentPriceMinor: czk(520), leader: { userId: 2 } });
    expect(second.outbidUserId).toBe(1);
    // The same race with fixed amounts: the slower bid is refused below the new minimum.
    expect(placeBid(first.state, { userId: 2, amountMinor: czk(500), at: T0 }, OPTIONS)).toMatchObject({
      accepted: false,
      reason: "below_minimum",
    });
  });

  it("never above the ceiling: one haléř below the minimum is refused with the new minimum, exactly it is accepted", () => {
    const state = leading(1, 500, 500);
    expect(
      placeBid(state, { userId: 2, minimum: true, notAboveMinor: czk(520) - 1, at: T0 }, OPTIONS),
    ).toEqual({
      accepted: false,
      reason: "minimum_above_ceiling",
      minimumMinor: czk(520),
    });
    expect(accepted(placeBid(state, minimum(2, 520), OPTIONS)).state.currentPriceMinor).toBe(czk(520));
  });

  it("a standing maximum answers it as it answers a bid of that amount", () => {
    const outcome = placeBid(leading(1, 100, 1000), minimum(2, 200), OPTIONS);
    expect(rows(outcome)).toEqual(["2:manual:110", "1:automatic:120"]);
    expect(accepted(outcome).state.leader?.userId).toBe(1);
  });

  it("with a maximum: it must reach the amount the minimum became; a higher one bids by proxy", () => {
    const state = leading(1, 100, 1000);
    expect(placeBid(state, minimum(2, 200, { maxMinor: czk(105) }), OPTIONS)).toMatchObject({
      accepted: false,
      reason: "max_below_amount",
      minimumMinor: czk(110),
    });
    const outcome = placeBid(state, minimum(2, 200, { maxMinor: czk(2000) }), OPTIONS);
    // 1 000 CZK: step 50.
    expect(rows(outcome)).toEqual(["2:manual:110", "1:automatic:1000", "2:automatic:1050"]);
  });

  it("the leader's request raises their maximum to the minimum, or is refused as no raise", () => {
    const raise = accepted(placeBid(leading(1, 500, 500), minimum(1, 600), OPTIONS));
    expect(raise.rows.map((r) => `${r.kind}:${r.amountMinor / 100}:${r.maxMinor / 100}`)).toEqual([
      "max_raise:500:520",
    ]);
    expect(placeBid(leading(1, 500, 1000), minimum(1, 600), OPTIONS)).toMatchObject({
      accepted: false,
      reason: "max_not_raised",
    });
  });

  it("after the end it is refused as ended, whatever the ceiling", () => {
    expect(placeBid(leading(1, 500, 500), minimum(2, 1, { at: END }), OPTIONS)).toMatchObject({
      accepted: false,
      reason: "ended",
    });
  });

  it("a reserve met by the maximum lifts the price as for any bid", () => {
    const outcome = placeBid(
      fresh({ reservePriceMinor: czk(500) }),
      minimum(1, 100, { maxMinor: czk(700) }),
      OPTIONS,
    );
    expect(rows(outcome)).toEqual(["1:manual:100", "1:automatic:500"]);
  });
});

describe("soft close", () => {
  const window = OPTIONS.softCloseMs;

  it("a bid with exactly the window left does not move the end", () => {
    const outcome = accepted(
      placeBid(fresh(), { userId: 1, amountMinor: czk(100), at: at(3_600_000 - window) }, OPTIONS),
    );
    expect(outcome.state.endsAt).toEqual(END);
    expect(outcome.extended).toBe(false);
  });

  it("a bid with a millisecond less than the window left moves the end to bid time + window", () => {
    const bidAt = at(3_600_000 - window + 1);
    const outcome = accepted(placeBid(fresh(), { userId: 1, amountMinor: czk(100), at: bidAt }, OPTIONS));
    expect(outcome.state.endsAt).toEqual(new Date(bidAt.getTime() + window));
    expect(outcome.extended).toBe(true);
  });

  it("a bid with more than the window left does not move the end", () => {
    expect(endAfterBid(END, at(3_600_000 - window - 1), window)).toEqual(END);
  });

  it("a bid at or after the end is refused", () => {
    expect(placeBid(fresh(), { userId: 1, amountMinor: czk(100), at: END }, OPTIONS)).toMatchObject({
      accepted: false,
      reason: "ended",
    });
  });
});

describe("reserve price", () => {
  const reserved = (overrides: Partial<AuctionState> = {}) =>
    fresh({ reservePriceMinor: czk(500), ...overrides });

  it("a first bid whose maximum meets the reserve lifts the price to the reserve", () => {
    const outcome = placeBid(
      reserved(),
      { userId: 1, amountMinor: czk(150), maxMinor: czk(1000), at: T0 },
      OPTIONS,
    );
    expect(rows(outcome)).toEqual(["1:manual:150", "1:automatic:500"]);
    expect(decideAuction(accepted(outcome).state)).toEqual({
      outcome: "sold",
      winnerId: 1,
      priceMinor: czk(500),
    });
  });

  it("below the reserve the auction ends unsold", () => {
    const outcome = accepted(placeBid(reserved(), { userId: 1, amountMinor: czk(150), at: T0 }, OPTIONS));
    expect(outcome.state.currentPriceMinor).toBe(czk(150));
    expect(decideAuction(outcome.state)).toEqual({ outcome: "unsold", reason: "reserve_not_met" });
  });

  it("the leader raising their maximum to the reserve lifts the price and counts as a bid", () => {
    const state = reserved({
      currentPriceMinor: czk(150),
      bidCount: 1,
      leader: { userId: 1, maxMinor: czk(150), since: T0 },
    });
    const outcome = accepted(
      placeBid(state, { userId: 1, amountMinor: czk(160), maxMinor: czk(700), at: T0 }, OPTIONS),
    );
    expect(outcome.rows.map((r) => `${r.kind}:${r.amountMinor / 100}`)).toEqual([
      "max_raise:150",
      "automatic:500",
    ]);
    expect(outcome.state).toMatchObject({ currentPriceMinor: czk(500), bidCount: 2 });
  });

  it("exactly at the reserve is sold", () => {
    const state = reserved({
      currentPriceMinor: czk(500),
      bidCount: 3,
      leader: { userId: 4, maxMinor: czk(500), since: T0 },
    });
    expect(decideAuction(state)).toEqual({ outcome: "sold", winnerId: 4, priceMinor: czk(500) });
  });
});

describe("decideAuction", () => {
  it("no bids: unsold", () => {
    expect(decideAuction(fresh())).toEqual({ outcome: "unsold", reason: "no_bids" });
  });
});

describe("replaying the stored requests gives the same state", () => {
  /** A small deterministic generator, so a failure can be reproduced. */
  function random(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s / 2_147_483_648;
    };
  }

  it.each([1, 2, 3, 4, 5])("seed %i: 200 random bids by 6 bidders", (seed) => {
    const rnd = random(seed);
    let state = fresh({ reservePriceMinor: seed % 2 ? czk(3000) : null, endsAt: at(10_000_000) });
    const stored: BidRequest[] = [];
    let previousPrice = 0;
    for (let i = 0; i < 200; i++) {
      const userId = 1 + Math.floor(rnd() * 6);
      const minimum = minimumBidFor(state, TABLE);
      const amountMinor = minimum + Math.floor(rnd() * 3) * czk(10) - (rnd() < 0.1 ? 1 : 0);
      const maxMinor = rnd() < 0.5 ? amountMinor + Math.floor(rnd() * czk(2000)) : null;
      // A third bid "the minimum" with a ceiling around the amount: stored as the amount they became.
      const amount: BidAmount =
        rnd() < 0.33 ? { minimum: true, notAboveMinor: amountMinor } : { amountMinor };
      const outcome = placeBid(state, { userId, ...amount, maxMinor, at: at(i * 1000) }, OPTIONS);
      if (!outcome.accepted) continue;
      for (const row of outcome.rows) {
        if (row.kind !== "automatic")
          stored.push({
            userId: row.userId,
            amountMinor: row.amountMinor,
            maxMinor: row.maxMinor,
            at: row.at,
          });
        if (row.kind !== "max_raise") expect(row.amountMinor).toBeGreaterThanOrEqual(previousPrice);
      }
      state = outcome.state;
      expect(state.currentPriceMinor).toBeGreaterThanOrEqual(previousPrice);
      expect(state.currentPriceMinor).toBeLessThanOrEqual(state.leader?.maxMinor ?? Number.POSITIVE_INFINITY);
      previousPrice = state.currentPriceMinor ?? 0;
    }
    expect(
      replayBids(
        fresh({ reservePriceMinor: state.reservePriceMinor, endsAt: at(10_000_000) }),
        stored,
        OPTIONS,
      ),
    ).toEqual(state);
  });
});
