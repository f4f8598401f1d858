import { eq } from "drizzle-orm";
import { sellerLifecycle } from "#core/lifecycles/seller.ts";
import type { Db } from "#server/db/client.ts";
import { type SellerDeclarationRow, sellerDeclarations } from "./tables.ts";

/**
 * The only place a seller's declaration is created or its status written (docs/architecture.md,
 * "Lifecycles"): each operation applies its named transition of core/lifecycles/seller.ts to the
 * row read under its lock; a move the lifecycle refuses throws.
 */

export type DeclarationValues = Omit<
  typeof sellerDeclarations.$inferInsert,
  "userId" | "status" | "createdAt" | "updatedAt" | "suspensionReasons" | "suspendedAt" | "suspendedBy"
>;

export async function lockDeclaration(tx: Db, userId: number): Promise<SellerDeclarationRow | null> {
  const [row] = await tx
    .select()
    .from(sellerDeclarations)
    .where(eq(sellerDeclarations.userId, userId))
    .for("update");
  return row ?? null;
}

/** seller_declaration.declare: the seller's first declaration, active. */
export async function createDeclaration(
  tx: Db,
  userId: number,
  values: DeclarationValues,
  at: Date,
): Promise<SellerDeclarationRow> {
  const [row] = await tx
    .insert(sellerDeclarations)
    .values({ ...values, userId, status: sellerLifecycle.create("declare"), createdAt: at, updatedAt: at })
    .returning();
  return row;
}

/** Changes the declaration's data (kind, trader data, ARES check), never its status. */
export async function updateDeclaration(
  tx: Db,
  userId: number,
  values: Partial<DeclarationValues>,
  at: Date,
): Promise<SellerDeclarationRow> {
  const [row] = await tx
    .update(sellerDeclarations)
    .set({ ...values, updatedAt: at })
    .where(eq(sellerDeclarations.userId, userId))
    .returning();
  return row;
}

/** seller_declaration.suspend: staff suspend the seller with a statement of reasons. */
export async function suspendSeller(
  tx: Db,
  row: SellerDeclarationRow,
  by: { actorId: number; reasons: string },
  at: Date,
): Promise<SellerDeclarationRow> {
  const status = sellerLifecycle.move("suspend", row.status);
  const [updated] = await tx
    .update(sellerDeclarations)
    .set({ status, suspensionReasons: by.reasons, suspendedAt: at, suspendedBy: by.actorId, updatedAt: at })
    .where(eq(sellerDeclarations.userId, row.userId))
    .returning();
  return updated;
}

/** seller_declaration.reinstate: staff lift the suspension. */
export async function reinstateSeller(
  tx: Db,
  row: SellerDeclarationRow,
  at: Date,
): Promise<SellerDeclarationRow> {
  const status = sellerLifecycle.move("reinstate", row.status);
  const [updated] = await tx
    .update(sellerDeclarations)
    .set({ status, suspensionReasons: null, suspendedAt: null, suspendedBy: null, updatedAt: at })
    .where(eq(sellerDeclarations.userId, row.userId))
    .returning();
  return updated;
}
