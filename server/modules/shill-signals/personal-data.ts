import { and, asc, eq, ne, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { accountFingerprints, shillSignals } from "./tables.ts";

/**
 * The shill-bidding signals' data in the export (GDPR art. 15 and 20; ADR 0087): the fingerprints
 * the account was seen with (their kind and dates; the hashes name nothing outside this site), and
 * the signals about the account, as bidder or seller, without the other party. Deleting the
 * account erases the fingerprints and the signals no moderator acted on; a signal acted on stays
 * with the moderation decision it led to.
 */
export function createShillSignalsPersonalData(db: Db): PersonalDataSource {
  const about = (userId: number) => or(eq(shillSignals.bidderId, userId), eq(shillSignals.sellerId, userId));
  return {
    name: "shillSignals",
    async exportFor({ userId }) {
      const fingerprints = await db
        .select({
          kind: accountFingerprints.kind,
          firstSeenAt: accountFingerprints.firstSeenAt,
          lastSeenAt: accountFingerprints.lastSeenAt,
        })
        .from(accountFingerprints)
        .where(eq(accountFingerprints.userId, userId))
        .orderBy(asc(accountFingerprints.id));
      const signals = await db
        .select({
          kind: shillSignals.kind,
          status: shillSignals.status,
          bidderId: shillSignals.bidderId,
          detectedAt: shillSignals.detectedAt,
          decidedAt: shillSignals.decidedAt,
        })
        .from(shillSignals)
        .where(about(userId))
        .orderBy(asc(shillSignals.id));
      return {
        accountFingerprints: fingerprints,
        shillSignals: signals.map(({ bidderId, ...signal }) => ({
          ...signal,
          role: bidderId === userId ? "bidder" : "seller",
        })),
      };
    },
    async eraseFor(tx, { userId }) {
      const fingerprints = await tx
        .delete(accountFingerprints)
        .where(eq(accountFingerprints.userId, userId))
        .returning({ id: accountFingerprints.id });
      const signals = await tx
        .delete(shillSignals)
        .where(and(about(userId), ne(shillSignals.status, "acted")))
        .returning({ id: shillSignals.id });
      return { fingerprints: fingerprints.length, shillSignals: signals.length };
    },
  };
}
