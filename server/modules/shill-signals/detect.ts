import { and, eq, inArray } from "drizzle-orm";
import {
  detectSignals,
  type LotFact,
  SIGNAL_WINDOW_DAYS,
  type SignalCandidate,
} from "#core/rules/shill-signals.ts";
import type { Db } from "#server/db/client.ts";
import { bidFacts } from "../bidding/index.ts";
import { auctionSummaries } from "../listing-reads/index.ts";
import { accountsForModeration, addressLinesOf } from "../users/index.ts";
import { accountFingerprints, shillSignals } from "./tables.ts";
import { detectSignal, refreshEvidence, reopenSignal } from "./transitions.ts";

/**
 * The check behind the list (ADR 0087): reads the window's bids, their lots, the accounts' ages,
 * their fingerprints and addresses through their owners, runs the pure rules
 * (core/rules/shill-signals.ts) and stores what they find: a new signal once per kind, bidder and
 * seller; a dismissed one is new again only when it now covers a lot it did not at dismissal;
 * otherwise its evidence is brought up to date. Running it twice changes nothing the second time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type DetectionRun = { found: number; created: number; reopened: number };

export async function gatherFacts(db: Db, at: Date) {
  const bids = await bidFacts(db, { since: new Date(at.getTime() - SIGNAL_WINDOW_DAYS * DAY_MS) });
  const summaries = await auctionSummaries(db, [...new Set(bids.map((bid) => bid.productId))]);
  const lots = new Map<number, LotFact>(
    [...summaries.values()].map((lot) => [
      lot.id,
      {
        id: lot.id,
        sellerId: lot.sellerId,
        endsAt: lot.endsAt,
        endedAt: lot.endedAt,
        winnerId: lot.winnerId,
      },
    ]),
  );
  const people = [
    ...new Set([
      ...bids.map((bid) => bid.userId),
      ...[...lots.values()].flatMap((lot) => (lot.sellerId ? [lot.sellerId] : [])),
    ]),
  ];
  const [accounts, seen, addresses] = await Promise.all([
    accountsForModeration(db, people),
    people.length === 0
      ? []
      : db
          .select({
            userId: accountFingerprints.userId,
            kind: accountFingerprints.kind,
            hash: accountFingerprints.hash,
            firstSeenAt: accountFingerprints.firstSeenAt,
          })
          .from(accountFingerprints)
          .where(inArray(accountFingerprints.userId, people)),
    people.length === 0 ? [] : addressLinesOf(db, people),
  ]);
  const accountsCreatedAt = new Map([...accounts.values()].map((account) => [account.id, account.createdAt]));
  return { bids, lots, accountsCreatedAt, seen, addresses };
}

async function store(db: Db, candidate: SignalCandidate, at: Date): Promise<"created" | "reopened" | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shillSignals)
      .where(
        and(
          eq(shillSignals.kind, candidate.kind),
          eq(shillSignals.bidderId, candidate.bidderId),
          eq(shillSignals.sellerId, candidate.sellerId),
        ),
      )
      .for("update");
    if (!row) {
      await detectSignal(tx, candidate, at);
      return "created";
    }
    const seenAtDismissal = new Set(row.dismissedProductIds ?? []);
    if (row.status === "dismissed" && candidate.productIds.some((id) => !seenAtDismissal.has(id))) {
      await reopenSignal(tx, row, candidate, at);
      return "reopened";
    }
    if (
      JSON.stringify(row.evidence) !== JSON.stringify(candidate.evidence) ||
      row.productIds.join() !== candidate.productIds.join()
    )
      await refreshEvidence(tx, row, candidate, at);
    return null;
  });
}

export async function runDetection(db: Db, at: Date): Promise<DetectionRun> {
  const candidates = detectSignals(await gatherFacts(db, at));
  const run: DetectionRun = { found: candidates.length, created: 0, reopened: 0 };
  for (const candidate of candidates) {
    const outcome = await store(db, candidate, at);
    if (outcome) run[outcome] += 1;
  }
  return run;
}
