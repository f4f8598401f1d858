import { eq } from "drizzle-orm";
import type { ShillEvidence, ShillSignalKind } from "#core/contracts/shill-signals.ts";
import { shillSignalLifecycle } from "#core/lifecycles/shill-signal.ts";
import type { Db } from "#server/db/client.ts";
import { type ShillSignalRecord, shillSignals } from "./tables.ts";

/**
 * The only place a shill signal is created or its status written (docs/architecture.md,
 * "Lifecycles"): each operation applies its named transition of core/lifecycles/shill-signal.ts to
 * the row read under its lock; a move the lifecycle refuses throws.
 */

export async function lockSignal(tx: Db, id: number): Promise<ShillSignalRecord | null> {
  const [row] = await tx.select().from(shillSignals).where(eq(shillSignals.id, id)).for("update");
  return row ?? null;
}

export type NewSignal = {
  kind: ShillSignalKind;
  bidderId: number;
  sellerId: number;
  productIds: number[];
  evidence: ShillEvidence;
};

/** shill_signal.detect: a new signal (none yet for its kind, bidder and seller). */
export async function detectSignal(tx: Db, values: NewSignal, at: Date): Promise<void> {
  await tx
    .insert(shillSignals)
    .values({ ...values, status: shillSignalLifecycle.create("detect"), detectedAt: at, updatedAt: at })
    .onConflictDoNothing();
}

/** shill_signal.reopen: a dismissed signal with new evidence is new again. */
export async function reopenSignal(
  tx: Db,
  row: ShillSignalRecord,
  values: NewSignal,
  at: Date,
): Promise<void> {
  const status = shillSignalLifecycle.move("reopen", row.status);
  await tx
    .update(shillSignals)
    .set({ status, productIds: values.productIds, evidence: values.evidence, updatedAt: at })
    .where(eq(shillSignals.id, row.id));
}

/** shill_signal.dismiss or act: the moderator's decision. */
export async function decideSignal(
  tx: Db,
  row: ShillSignalRecord,
  name: "dismiss" | "act",
  decision: { by: number; note: string | null; moderationDecisionId: number | null },
  at: Date,
): Promise<void> {
  const status = shillSignalLifecycle.move(name, row.status);
  await tx
    .update(shillSignals)
    .set({
      status,
      decidedBy: decision.by,
      decidedAt: at,
      note: decision.note,
      moderationDecisionId: decision.moderationDecisionId,
      dismissedProductIds: name === "dismiss" ? row.productIds : null,
      updatedAt: at,
    })
    .where(eq(shillSignals.id, row.id));
}

/** The evidence and lots of a signal checked again, its status unchanged. */
export async function refreshEvidence(
  tx: Db,
  row: ShillSignalRecord,
  values: NewSignal,
  at: Date,
): Promise<void> {
  await tx
    .update(shillSignals)
    .set({ productIds: values.productIds, evidence: values.evidence, updatedAt: at })
    .where(eq(shillSignals.id, row.id));
}
