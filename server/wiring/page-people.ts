import { type SQL, sql } from "drizzle-orm";
import type { AgeProofMethod } from "#core/contracts/age-proof.ts";
import type { Db } from "#server/db/client.ts";
import { ageProofSql } from "#server/modules/age-check/index.ts";
import { completedDealCountSql } from "#server/modules/deals/index.ts";
import type { PagePeople } from "#server/modules/listing-reads/index.ts";
import { ratingOf, userRatingSql } from "#server/modules/reviews/index.ts";
import { traderVerifiedAtSql } from "#server/modules/traders/index.ts";
import { type TrustChecks, trustChecks } from "#server/modules/trust-badges/index.ts";
import { publicAccountsWith } from "#server/modules/users/index.ts";

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/**
 * A product page's people in one statement (issue 40): the seller's and the bidders' public facts
 * (users), each with the age proof (age-check), the ARES check (traders) and the deals finished
 * (deals) that their badges show, and the seller's rating (reviews); each module gives the piece
 * of SQL about its own table (ADR 0017), the users module joins them to its accounts. Five
 * statements before, each a round trip and a fifth of a millisecond of PostgreSQL's CPU.
 */
export async function pagePeople(
  db: Db,
  ids: readonly number[],
  ratedId: number | null,
): Promise<PagePeople> {
  const rated = ratedId ?? 0;
  const accounts = await publicAccountsWith(db, ids, {
    age: ageProofSql,
    traderAt: traderVerifiedAtSql,
    deals: completedDealCountSql,
    // The seller's only: a bidder's rating is not shown (it would point at the account).
    rating: (userId: SQL) => sql`case when ${userId} = ${rated}::int then ${userRatingSql(userId)} end`,
  });
  const checks = new Map<number, TrustChecks>();
  for (const [id, { facts }] of accounts) {
    const age = facts.age as { method: AgeProofMethod; at: string } | null;
    checks.set(
      id,
      trustChecks(
        age ? { method: age.method, at: new Date(age.at) } : null,
        dateOf(facts.traderAt),
        Number(facts.deals ?? 0),
      ),
    );
  }
  const seller = ratedId === null ? undefined : accounts.get(ratedId);
  return {
    accounts,
    checks,
    rating: ratedId === null ? null : ratingOf(seller?.facts.rating as { count: number; sum: number } | null),
  };
}
