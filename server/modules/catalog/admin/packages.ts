import { asc, eq, sql } from "drizzle-orm";
import type { Direction } from "#core/schemas/admin-catalog.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import type { CatalogProducts } from "../contracts.ts";
import { type Package, packages } from "../tables.ts";
import { reordered } from "./category-move.ts";
import { type Actor, type AdminOutcome, auditEntry, done, notFound, refused } from "./outcomes.ts";

export type PackageRow = Package & { productCount: number };
type PackageInput = { nameCs: string; nameEn: string | null };

const snapshot = (row: Package) => ({ nameCs: row.nameCs, nameEn: row.nameEn, position: row.position });

/** Every package kind in its order, with how many products use it. */
export async function packageList(db: Db, products: CatalogProducts): Promise<PackageRow[]> {
  const rows = await db
    .select({
      pkg: packages,
      productCount: sql<number>`${products.productCountSql("package", sql`"packages"."id"`)}`,
    })
    .from(packages)
    .orderBy(asc(packages.position), asc(packages.id));
  return rows.map((row) => ({ ...row.pkg, productCount: Number(row.productCount) }));
}

export async function createPackage(
  db: Db,
  actor: Actor,
  input: PackageInput,
): Promise<AdminOutcome<Package>> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number | null>`max(${packages.position})` }).from(packages);
    const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    const [row] = await tx
      .insert(packages)
      .values({ ...input, position })
      .returning();
    await recordAudit(tx, auditEntry(actor, "package.create", "package", row!.id, null, snapshot(row!)));
    return done(row!);
  });
}

export async function updatePackage(
  db: Db,
  actor: Actor,
  id: number,
  input: PackageInput,
): Promise<AdminOutcome<Package>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(packages).where(eq(packages.id, id)).for("update");
    if (!before) return notFound;
    const [after] = await tx.update(packages).set(input).where(eq(packages.id, id)).returning();
    await recordAudit(
      tx,
      auditEntry(actor, "package.update", "package", id, snapshot(before), snapshot(after!)),
    );
    return done(after!);
  });
}

/** One step up or down in the list sellers choose from (renumbered 0, 1, 2... on the way). */
export async function reorderPackage(
  db: Db,
  actor: Actor,
  id: number,
  direction: Direction,
): Promise<AdminOutcome<{ moved: boolean }>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: packages.id, position: packages.position })
      .from(packages)
      .orderBy(asc(packages.position), asc(packages.id))
      .for("update");
    if (!rows.some((row) => row.id === id)) return notFound;
    const order = reordered(
      rows.map((row) => row.id),
      id,
      direction,
    );
    if (!order) return done({ moved: false });
    for (const [position, packageId] of order.entries()) {
      if (rows.find((row) => row.id === packageId)?.position === position) continue;
      await tx.update(packages).set({ position }).where(eq(packages.id, packageId));
    }
    const before = rows.map((row) => row.id);
    await recordAudit(tx, auditEntry(actor, "package.reorder", "package", id, { order: before }, { order }));
    return done({ moved: true });
  });
}

/** Deletes a package kind no product uses; otherwise says why not. */
export async function deletePackage(
  db: Db,
  actor: Actor,
  id: number,
  products: CatalogProducts,
): Promise<AdminOutcome<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for("update");
    if (!row) return notFound;
    if (await products.anyProduct(tx, { packageId: id })) return refused("package_used");
    await tx.delete(packages).where(eq(packages.id, id));
    await recordAudit(tx, auditEntry(actor, "package.delete", "package", id, snapshot(row), null));
    return done(null);
  });
}
