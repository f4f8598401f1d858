import { and, eq, sql } from "drizzle-orm";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import {
  type Balances,
  LEDGER_ACCOUNTS,
  type LedgerAccount,
  type LedgerMovement,
  MOVEMENT_ACCOUNTS,
} from "./contracts.ts";
import { type LedgerPosting, ledgerEntries, ledgerPostings } from "./tables.ts";
import { lockDeal } from "./transitions.ts";

/**
 * A deal's ledger (ADR 0073): each money movement is one posting of two entries, minus from the
 * account it takes from and plus into the one it puts into, so every posting and every deal sums
 * to zero (and the database refuses a posting that does not: server/db/sql/triggers/ledger_balanced.sql).
 * A posting carries an idempotency key: the same key posts nothing again and answers the first
 * posting. Held money and the seller's payable never go below zero, a deal is paid once and for
 * its exact total, so nothing is refunded or paid out beyond what came in.
 */

export type Movement = { kind: LedgerMovement; amountMinor: number };

export type PostRefusal =
  | "not_found"
  | "invalid_amount"
  | "key_reused"
  | "already_paid"
  | "amount_mismatch"
  | "insufficient_funds";

export type Posted = { posting: LedgerPosting; repeated: boolean };

/** A deal's balance in each account: the sum of its entries there. */
export async function balancesOf(tx: Db, dealId: number): Promise<Balances> {
  const rows = await tx
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.dealId, dealId))
    .groupBy(ledgerEntries.account);
  const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Balances;
  for (const row of rows) balances[row.account as LedgerAccount] = Number(row.total);
  return balances;
}

/**
 * Posts `movement` of deal `dealId` under `key`, in the caller's transaction, with the deal locked
 * (the deal first, then its ledger). A repeat of the key with the same movement answers the first
 * posting (`repeated`); the key with anything else is refused.
 */
export async function post(
  tx: Db,
  dealId: number,
  movement: Movement,
  key: string,
): Promise<Result<Posted, PostRefusal>> {
  const deal = await lockDeal(tx, dealId);
  if (!deal) return err("not_found");
  const { kind, amountMinor } = movement;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return err("invalid_amount");

  const [earlier] = await tx.select().from(ledgerPostings).where(eq(ledgerPostings.idempotencyKey, key));
  if (earlier) {
    const same =
      earlier.dealId === dealId && earlier.movement === kind && earlier.amountMinor === amountMinor;
    return same ? ok({ posting: earlier, repeated: true }) : err("key_reused");
  }

  const { from, to } = MOVEMENT_ACCOUNTS[kind];
  if (kind === "pay") {
    const [paid] = await tx
      .select({ id: ledgerPostings.id })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.dealId, dealId), eq(ledgerPostings.movement, "pay")));
    if (paid) return err("already_paid");
    if (amountMinor !== deal.totalMinor) return err("amount_mismatch");
  } else {
    const balances = await balancesOf(tx, dealId);
    if (balances[from] < amountMinor) return err("insufficient_funds");
  }

  const [posting] = await tx
    .insert(ledgerPostings)
    .values({ dealId, movement: kind, amountMinor, idempotencyKey: key })
    .onConflictDoNothing()
    .returning();
  // Another deal's transaction took the key meanwhile.
  if (!posting) return err("key_reused");
  await tx.insert(ledgerEntries).values([
    { postingId: posting.id, dealId, account: from, amountMinor: -amountMinor },
    { postingId: posting.id, dealId, account: to, amountMinor },
  ]);
  return ok({ posting, repeated: false });
}
