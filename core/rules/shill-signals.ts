import type { ShillEvidence, ShillSignalKind } from "../contracts/shill-signals.ts";

/**
 * The shill-bidding signals' rules (docs/product/trust.md, "Shill-bidding signals"; ADR 0087):
 * pure functions over the facts the server reads (bids, their lots, accounts, the fingerprints
 * both sides were seen with, saved addresses). Each finds a pattern between one bidder and one
 * seller and says why in numbers. The thresholds are deliberately not eager: a signal asks a
 * moderator to look, it never restricts anyone by itself.
 */

/** How far back the bids are read. */
export const SIGNAL_WINDOW_DAYS = 90;
/** Concentration: at least this many own bids in the window... */
export const CONCENTRATION_MIN_BIDS = 10;
/** ...this share of them on one seller's lots... */
export const CONCENTRATION_MIN_SHARE = 0.8;
/** ...spread over at least this many of that seller's lots. */
export const CONCENTRATION_MIN_LOTS = 3;
/** Never wins: raised the price on at least this many of one seller's ended auctions, won none... */
export const NEVER_WINS_MIN_LOTS = 4;
/** ...and they are at least this share of all the ended auctions the bidder raised. */
export const NEVER_WINS_MIN_SHARE = 0.8;
/** Late new account: younger than this when bidding... */
export const NEW_ACCOUNT_DAYS = 7;
/** ...within this many minutes before the lot's end... */
export const LATE_MINUTES = 5;
/** ...on at least this many lots of one seller. */
export const LATE_MIN_LOTS = 2;

/**
 * A device or an address seen with more accounts than this is shared by many (a household's or an
 * office's network, a library's computer, a carrier's NAT): it says nothing about two of them.
 */
export const SHARED_FINGERPRINT_MAX_ACCOUNTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BidFact = {
  id: number;
  productId: number;
  userId: number;
  /** manual, automatic (the system for a proxy maximum) or max_raise (no price moved). */
  kind: string;
  createdAt: Date;
};
export type LotFact = {
  id: number;
  sellerId: number | null;
  endsAt: Date | null;
  endedAt: Date | null;
  winnerId: number | null;
};
export type SeenFact = { userId: number; kind: "device" | "ip"; hash: string; firstSeenAt: Date };
export type AddressFact = { userId: number; street: string; zip: string };

export type SignalFacts = {
  bids: readonly BidFact[];
  lots: ReadonlyMap<number, LotFact>;
  accountsCreatedAt: ReadonlyMap<number, Date>;
  seen: readonly SeenFact[];
  addresses: readonly AddressFact[];
};

export type SignalCandidate = {
  kind: ShillSignalKind;
  bidderId: number;
  sellerId: number;
  /** The seller's lots the bidder bid on in the window, ascending. */
  productIds: number[];
  evidence: ShillEvidence;
};

type Pair = { bidderId: number; sellerId: number; bids: BidFact[] };

/** The bids of each bidder on each seller's lots (own lots and the shop's left out). */
function pairsOf(facts: SignalFacts): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  for (const bid of facts.bids) {
    const sellerId = facts.lots.get(bid.productId)?.sellerId;
    if (sellerId == null || sellerId === bid.userId) continue;
    const key = `${bid.userId}:${sellerId}`;
    const pair = pairs.get(key) ?? { bidderId: bid.userId, sellerId, bids: [] };
    pair.bids.push(bid);
    pairs.set(key, pair);
  }
  return pairs;
}

const lotIdsOf = (bids: readonly BidFact[]) =>
  [...new Set(bids.map((bid) => bid.productId))].sort((a, b) => a - b);

function concentration(pair: Pair, ownBidsByBidder: Map<number, number>): ShillEvidence | null {
  const own = pair.bids.filter((bid) => bid.kind === "manual");
  const all = ownBidsByBidder.get(pair.bidderId) ?? 0;
  if (all < CONCENTRATION_MIN_BIDS || own.length / all < CONCENTRATION_MIN_SHARE) return null;
  if (lotIdsOf(own).length < CONCENTRATION_MIN_LOTS) return null;
  return { kind: "concentration", bids: all, onSeller: own.length, days: SIGNAL_WINDOW_DAYS };
}

/** The ended auctions whose price each bidder raised (a raise of a hidden maximum moves no price). */
function endedRaisedByBidder(facts: SignalFacts): Map<number, number> {
  const lotsByBidder = new Map<number, Set<number>>();
  for (const bid of facts.bids) {
    if (bid.kind === "max_raise" || facts.lots.get(bid.productId)?.endedAt == null) continue;
    const lots = lotsByBidder.get(bid.userId) ?? new Set<number>();
    lots.add(bid.productId);
    lotsByBidder.set(bid.userId, lots);
  }
  return new Map([...lotsByBidder].map(([bidderId, lots]) => [bidderId, lots.size]));
}

function neverWins(
  pair: Pair,
  lots: SignalFacts["lots"],
  endedRaised: Map<number, number>,
): ShillEvidence | null {
  const lotIds = lotIdsOf(pair.bids.filter((bid) => bid.kind !== "max_raise"));
  const ended = lotIds.map((id) => lots.get(id)).filter((lot) => lot?.endedAt != null);
  const won = ended.filter((lot) => lot?.winnerId === pair.bidderId).length;
  if (won > 0 || ended.length < NEVER_WINS_MIN_LOTS) return null;
  const all = endedRaised.get(pair.bidderId) ?? ended.length;
  if (ended.length / all < NEVER_WINS_MIN_SHARE) return null;
  return { kind: "never_wins", raised: ended.length, won, endedElsewhere: all - ended.length };
}

function lateNewAccount(pair: Pair, facts: SignalFacts): ShillEvidence | null {
  const createdAt = facts.accountsCreatedAt.get(pair.bidderId);
  if (!createdAt) return null;
  const late = new Map<number, number>();
  for (const bid of pair.bids) {
    if (bid.kind !== "manual" || bid.createdAt.getTime() - createdAt.getTime() >= NEW_ACCOUNT_DAYS * DAY_MS)
      continue;
    const lot = facts.lots.get(bid.productId);
    const end = lot?.endedAt ?? lot?.endsAt;
    if (!end) continue;
    const seconds = (end.getTime() - bid.createdAt.getTime()) / 1000;
    if (seconds < 0 || seconds > LATE_MINUTES * 60) continue;
    late.set(bid.productId, Math.min(late.get(bid.productId) ?? Number.POSITIVE_INFINITY, seconds));
  }
  if (late.size < LATE_MIN_LOTS) return null;
  return {
    kind: "late_new_account",
    accountCreatedAt: createdAt.toISOString(),
    lateBids: late.size,
    closestSeconds: Math.round(Math.min(...late.values())),
  };
}

/**
 * The fingerprints each account was seen with: hash -> first seen, by kind; without those seen
 * with more than SHARED_FINGERPRINT_MAX_ACCOUNTS accounts.
 */
function seenByAccount(seen: readonly SeenFact[]) {
  const accounts = new Map<string, Set<number>>();
  for (const fact of seen) {
    const key = `${fact.kind}:${fact.hash}`;
    accounts.set(key, (accounts.get(key) ?? new Set()).add(fact.userId));
  }
  const byAccount = new Map<string, Map<string, Date>>();
  for (const fact of seen) {
    if ((accounts.get(`${fact.kind}:${fact.hash}`)?.size ?? 0) > SHARED_FINGERPRINT_MAX_ACCOUNTS) continue;
    const key = `${fact.userId}:${fact.kind}`;
    const hashes = byAccount.get(key) ?? new Map<string, Date>();
    const earlier = hashes.get(fact.hash);
    if (!earlier || fact.firstSeenAt < earlier) hashes.set(fact.hash, fact.firstSeenAt);
    byAccount.set(key, hashes);
  }
  return byAccount;
}

function sharedFingerprint(
  pair: Pair,
  kind: "device" | "ip",
  byAccount: ReturnType<typeof seenByAccount>,
): ShillEvidence | null {
  const bidder = byAccount.get(`${pair.bidderId}:${kind}`);
  const seller = byAccount.get(`${pair.sellerId}:${kind}`);
  if (!bidder || !seller) return null;
  const shared = [...bidder.keys()].filter((hash) => seller.has(hash)).sort();
  const hash = shared[0];
  if (hash === undefined) return null;
  return {
    kind: kind === "device" ? "shared_device" : "shared_ip",
    fingerprint: hash.slice(0, 8),
    bidderSince: (bidder.get(hash) as Date).toISOString(),
    sellerSince: (seller.get(hash) as Date).toISOString(),
  };
}

/** An address as compared: letters and digits of the street, the postal code's digits. */
export function addressKey(street: string, zip: string): string | null {
  const streetKey = street
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
  const zipKey = zip.replace(/\D/g, "");
  return streetKey.length >= 3 && zipKey.length >= 3 ? `${streetKey}|${zipKey}` : null;
}

function sharedAddress(pair: Pair, addresses: readonly AddressFact[]): ShillEvidence | null {
  const keysOf = (userId: number) =>
    new Map(
      addresses
        .filter((address) => address.userId === userId)
        .flatMap((address) => {
          const key = addressKey(address.street, address.zip);
          return key ? [[key, address] as const] : [];
        }),
    );
  const seller = keysOf(pair.sellerId);
  for (const [key, address] of keysOf(pair.bidderId))
    if (seller.has(key)) return { kind: "shared_address", street: address.street, zip: address.zip };
  return null;
}

/** Every signal the facts show, one per kind, bidder and seller. */
export function detectSignals(facts: SignalFacts): SignalCandidate[] {
  const ownBidsByBidder = new Map<number, number>();
  for (const bid of facts.bids)
    if (bid.kind === "manual") ownBidsByBidder.set(bid.userId, (ownBidsByBidder.get(bid.userId) ?? 0) + 1);
  const byAccount = seenByAccount(facts.seen);
  const endedRaised = endedRaisedByBidder(facts);
  const found: SignalCandidate[] = [];
  for (const pair of pairsOf(facts).values()) {
    const productIds = lotIdsOf(pair.bids);
    const evidence = [
      concentration(pair, ownBidsByBidder),
      sharedFingerprint(pair, "device", byAccount),
      sharedFingerprint(pair, "ip", byAccount),
      sharedAddress(pair, facts.addresses),
      neverWins(pair, facts.lots, endedRaised),
      lateNewAccount(pair, facts),
    ];
    for (const one of evidence)
      if (one)
        found.push({
          kind: one.kind,
          bidderId: pair.bidderId,
          sellerId: pair.sellerId,
          productIds,
          evidence: one,
        });
  }
  return found;
}
