import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type {
  PublicSeller,
  SellerDeclarationView,
  SellerGateCode,
  SellerKindBadge,
} from "#core/contracts/traders.ts";
import type { Db } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-once.ts";
import { gateOf, publicSellerOf, viewOf } from "./rows.ts";
import { type SellerDeclarationRow, sellerDeclarations } from "./tables.ts";

/**
 * The seller's current declaration, prepared once per database (preparedOnce: every product page
 * reads it); in a transaction, once per transaction.
 */
const declarationRow = preparedOnce((db) =>
  db
    .select()
    .from(sellerDeclarations)
    .where(
      and(
        eq(sellerDeclarations.userId, sql.placeholder("userId")),
        isNull(sellerDeclarations.accountEndedAt),
      ),
    )
    .prepare("seller_declaration"),
);

async function rowOf(db: Db, userId: number): Promise<SellerDeclarationRow | null> {
  const [row] = await declarationRow(db).execute({ userId });
  return row ?? null;
}

/** The seller's own declaration (the account page), or null while undeclared. */
export async function declarationOf(db: Db, userId: number): Promise<SellerDeclarationView | null> {
  const row = await rowOf(db, userId);
  return row ? viewOf(row) : null;
}

/** What a listing or profile shows of the seller; null while the seller has not declared. */
export async function publicSeller(db: Db, userId: number): Promise<PublicSeller | null> {
  const row = await rowOf(db, userId);
  return row ? publicSellerOf(row) : null;
}

/** The listings' gate: why the seller may not publish now, or null (in the caller's transaction when given). */
export async function publishRefusal(db: Db, userId: number): Promise<SellerGateCode | null> {
  return gateOf(await rowOf(db, userId));
}

/**
 * The badges' batch read: each declared seller's kind and when ARES verified a trader (null: a
 * private person, or a trader not verified now). Undeclared sellers are absent.
 */
export async function sellerKindsOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, SellerKindBadge>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: sellerDeclarations.userId,
      kind: sellerDeclarations.kind,
      aresCheck: sellerDeclarations.aresCheck,
      aresVerifiedAt: sellerDeclarations.aresVerifiedAt,
    })
    .from(sellerDeclarations)
    .where(and(inArray(sellerDeclarations.userId, [...userIds]), isNull(sellerDeclarations.accountEndedAt)));
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        kind: row.kind,
        aresVerifiedAt: row.kind === "trader" && row.aresCheck === "verified" ? row.aresVerifiedAt : null,
      },
    ]),
  );
}

/**
 * When ARES confirmed the account in `userId` as a trader, for another module's statement (ADR
 * 0017): a scalar subquery, null for a private seller, an unverified trader or an undeclared one
 * (the badge sellerKindsOf gives).
 */
export function traderVerifiedAtSql(userId: SQL): SQL {
  return sql`(select s.ares_verified_at from ${sellerDeclarations} s
    where s.user_id = ${userId} and s.account_ended_at is null and s.kind = 'trader' and s.ares_check = 'verified')`;
}
