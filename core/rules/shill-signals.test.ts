import { describe, expect, it } from "vitest";
import {
  addressKey,
  type BidFact,
  CONCENTRATION_MIN_BIDS,
  detectSignals,
  type LotFact,
  NEVER_WINS_MIN_LOTS,
  SHARED_FINGERPRINT_MAX_ACCOUNTS,
  type SignalFacts,
} from "./shill-signals.ts";

/** Each signal from constructed bids: it fires at its threshold and stays quiet just under it. */

const NOW = new Date("2026-11-20T12:00:00Z");
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const SELLER = 1;
const OTHER_SELLER = 2;
const BIDDER = 10;

let nextBid = 1;
function bid(
  productId: number,
  userId = BIDDER,
  at = new Date(NOW.getTime() - DAY),
  kind = "manual",
): BidFact {
  return { id: nextBid++, productId, userId, kind, createdAt: at };
}
function lot(id: number, sellerId = SELLER, extra: Partial<LotFact> = {}): [number, LotFact] {
  return [id, { id, sellerId, endsAt: NOW, endedAt: NOW, winnerId: 99, ...extra }];
}
function facts(bids: BidFact[], lots: [number, LotFact][], extra: Partial<SignalFacts> = {}): SignalFacts {
  return {
    bids,
    lots: new Map(lots),
    accountsCreatedAt: new Map([[BIDDER, new Date("2024-01-01T00:00:00Z")]]),
    seen: [],
    addresses: [],
    ...extra,
  };
}
const kinds = (input: SignalFacts) => detectSignals(input).map((signal) => signal.kind);

describe("concentration", () => {
  // Three of the seller's lots, the rest elsewhere: a share of 80 % fires, less does not.
  const lots = [lot(1), lot(2), lot(3), lot(4, OTHER_SELLER), lot(5, OTHER_SELLER)];
  const onSeller = (count: number) => Array.from({ length: count }, (_, index) => bid(1 + (index % 3)));

  it("fires for 8 of 10 bids on one seller's lots, with the numbers", () => {
    const found = detectSignals(facts([...onSeller(8), bid(4), bid(5)], lots));
    const signal = found.find((one) => one.kind === "concentration");
    expect(signal).toMatchObject({ bidderId: BIDDER, sellerId: SELLER, productIds: [1, 2, 3] });
    expect(signal?.evidence).toMatchObject({ bids: 10, onSeller: 8 });
  });

  it("stays quiet for 7 of 10 bids, and for 9 bids however concentrated", () => {
    expect(kinds(facts([...onSeller(7), bid(4), bid(5), bid(4)], lots))).not.toContain("concentration");
    expect(CONCENTRATION_MIN_BIDS).toBe(10);
    expect(kinds(facts(onSeller(9), lots))).not.toContain("concentration");
  });

  it("stays quiet for a bidding war on two lots", () => {
    expect(
      kinds(
        facts(
          Array.from({ length: 12 }, (_, i) => bid(1 + (i % 2))),
          lots,
        ),
      ),
    ).not.toContain("concentration");
  });
});

describe("never wins", () => {
  const lots = Array.from({ length: NEVER_WINS_MIN_LOTS }, (_, index) => lot(20 + index));

  it("fires when the bidder raised the price on 4 ended auctions of the seller and won none", () => {
    const found = detectSignals(
      facts(
        lots.map(([id]) => bid(id)),
        lots,
      ),
    );
    expect(found.find((one) => one.kind === "never_wins")?.evidence).toEqual({
      kind: "never_wins",
      raised: 4,
      won: 0,
      endedElsewhere: 0,
    });
  });

  it("stays quiet for a collector whose raises spread over other sellers too (4 of 6 here)", () => {
    const elsewhere = [lot(28, OTHER_SELLER), lot(29, OTHER_SELLER)];
    const all = [...lots, ...elsewhere];
    expect(
      kinds(
        facts(
          all.map(([id]) => bid(id)),
          all,
        ),
      ),
    ).not.toContain("never_wins");
  });

  it("stays quiet at 3 auctions, after one win, and for raises of a hidden maximum only", () => {
    expect(
      kinds(
        facts(
          lots.slice(1).map(([id]) => bid(id)),
          lots,
        ),
      ),
    ).not.toContain("never_wins");
    const withWin = lots.map(([id, fact], index) =>
      lot(id, SELLER, { ...fact, winnerId: index ? 99 : BIDDER }),
    );
    expect(
      kinds(
        facts(
          withWin.map(([id]) => bid(id)),
          withWin,
        ),
      ),
    ).not.toContain("never_wins");
    const raises = lots.map(([id]) => bid(id, BIDDER, new Date(NOW.getTime() - DAY), "max_raise"));
    expect(kinds(facts(raises, lots))).not.toContain("never_wins");
  });

  it("never pairs a seller with their own lots", () => {
    const own = lots.map(([id]) => bid(id, SELLER));
    expect(detectSignals(facts(own, lots))).toEqual([]);
  });
});

describe("late bids of a new account", () => {
  const young = new Map([[BIDDER, new Date(NOW.getTime() - 3 * DAY)]]);
  const lots = [lot(30), lot(31)];

  it("fires for an account of 3 days bidding in the last minutes of two of the seller's lots", () => {
    const late = [
      bid(30, BIDDER, new Date(NOW.getTime() - 2 * MIN)),
      bid(31, BIDDER, new Date(NOW.getTime() - 40_000)),
    ];
    const signal = detectSignals(facts(late, lots, { accountsCreatedAt: young })).find(
      (one) => one.kind === "late_new_account",
    );
    expect(signal?.evidence).toMatchObject({ lateBids: 2, closestSeconds: 40 });
  });

  it("stays quiet for one such lot, for bids 10 minutes before the end, and for an older account", () => {
    const oneLate = [bid(30, BIDDER, new Date(NOW.getTime() - MIN))];
    expect(kinds(facts(oneLate, lots, { accountsCreatedAt: young }))).not.toContain("late_new_account");
    const early = lots.map(([id]) => bid(id, BIDDER, new Date(NOW.getTime() - 10 * MIN)));
    expect(kinds(facts(early, lots, { accountsCreatedAt: young }))).not.toContain("late_new_account");
    const late = lots.map(([id]) => bid(id, BIDDER, new Date(NOW.getTime() - MIN)));
    const old = new Map([[BIDDER, new Date(NOW.getTime() - 30 * DAY)]]);
    expect(kinds(facts(late, lots, { accountsCreatedAt: old }))).not.toContain("late_new_account");
  });
});

describe("shared fingerprints and addresses", () => {
  const lots = [lot(40)];
  const seen = (userId: number, kind: "device" | "ip", hash: string) => ({
    userId,
    kind,
    hash,
    firstSeenAt: new Date("2026-10-01T00:00:00Z"),
  });

  it("fires for the seller's device and for the seller's address, written differently", () => {
    const found = detectSignals(
      facts([bid(40)], lots, {
        seen: [seen(BIDDER, "device", "abcdef0123456789"), seen(SELLER, "device", "abcdef0123456789")],
        addresses: [
          { userId: BIDDER, street: "Dlouhá 12", zip: "110 00" },
          { userId: SELLER, street: "dlouhá 12 ", zip: "11000" },
        ],
      }),
    );
    expect(found.map((one) => one.kind).sort()).toEqual(["shared_address", "shared_device"]);
    expect(found.find((one) => one.kind === "shared_device")?.evidence).toMatchObject({
      fingerprint: "abcdef01",
    });
  });

  it("stays quiet for an address or a device many accounts share (a network, a public computer)", () => {
    const crowd = Array.from({ length: SHARED_FINGERPRINT_MAX_ACCOUNTS - 1 }, (_, i) =>
      seen(200 + i, "ip", "nat"),
    );
    const pair = [seen(BIDDER, "ip", "nat"), seen(SELLER, "ip", "nat")];
    // The bidder, the seller and three others: still few enough to mean something.
    expect(kinds(facts([bid(40)], lots, { seen: [...pair, ...crowd.slice(1)] }))).toContain("shared_ip");
    // One more account on it: a shared network.
    expect(kinds(facts([bid(40)], lots, { seen: [...pair, ...crowd] }))).not.toContain("shared_ip");
  });

  it("stays quiet for different devices, a shared IP of someone who did not bid, and an empty address", () => {
    const found = detectSignals(
      facts([bid(40)], lots, {
        seen: [
          seen(BIDDER, "device", "aaa"),
          seen(SELLER, "device", "bbb"),
          seen(77, "ip", "ccc"),
          seen(SELLER, "ip", "ccc"),
        ],
        addresses: [
          { userId: BIDDER, street: "", zip: "" },
          { userId: SELLER, street: "", zip: "" },
        ],
      }),
    );
    expect(found).toEqual([]);
    expect(addressKey(" ", "1")).toBeNull();
  });
});
