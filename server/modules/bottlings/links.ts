import { and, eq, inArray, sql } from "drizzle-orm";
import type { BottlingCandidate } from "#core/contracts/bottlings.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { announceListings } from "./announce.ts";
import { foldWords, rankCandidates } from "./match.ts";
import type { BottlingsContext, ListingFact } from "./ports.ts";
import { bottlingRecord, candidateRecords, cleanAttributes, derivedColumns } from "./records.ts";
import { bottlingLinks, bottlings } from "./tables.ts";
import { createBottling } from "./transitions.ts";

/**
 * A listing's bottling (docs/product/bottlings.md, "Linking"): the proposals the confirmation page
 * shows ("Je to tato láhev?"), the seller's pick, and "none of these", which makes a new bottling
 * of the listing. Only the listing's seller links it; one bottling per listing.
 */

export type LinkRefusal = "not_found" | "not_yours" | "not_an_offer" | "bottling_not_found";

/** The seller's own listing's facts, or why not. */
async function ownListing(
  ctx: BottlingsContext,
  executor: Db,
  userId: number,
  productId: number,
): Promise<Result<ListingFact, LinkRefusal>> {
  const fact = (await ctx.ports.listingFacts(executor, [productId])).get(productId);
  if (!fact) return err("not_found");
  if (fact.sellerId !== userId) return err("not_yours");
  // A wanted ad ("Sháním") is not a bottle on offer: it has no bottling.
  if (fact.type === "demand") return err("not_an_offer");
  return ok(fact);
}

/** The bottling a listing is linked to, or null. */
export async function linkOf(db: Db, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: bottlingLinks.bottlingId })
    .from(bottlingLinks)
    .where(eq(bottlingLinks.productId, productId));
  return row?.id ?? null;
}

/** The bottlings of listings, by product id (the archive of results' port, ADR 0092); unlinked ones absent. */
export async function bottlingsOf(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: bottlingLinks.productId, bottlingId: bottlingLinks.bottlingId })
    .from(bottlingLinks)
    .where(inArray(bottlingLinks.productId, ids));
  return new Map(rows.map((row) => [row.productId, row.bottlingId]));
}

/** Up to five bottlings the listing may be, best first. */
export async function candidatesFor(
  ctx: BottlingsContext,
  userId: number,
  productId: number,
  locale: Locale,
): Promise<
  Result<
    { candidates: BottlingCandidate[]; linked: { id: number; name: string; slug: string } | null },
    LinkRefusal
  >
> {
  const own = await ownListing(ctx, ctx.db, userId, productId);
  if (!own.ok) return own;
  const fact = own.value;
  const attributes = (await ctx.ports.listingAttributes([productId])).get(productId) ?? {};
  const names = [fact.nameCs, fact.nameEn ?? ""];
  const records = await candidateRecords(ctx.db, {
    brandId: fact.brandId,
    categoryId: fact.categoryId,
    words: [...new Set(names.flatMap(foldWords))],
  });
  const ranked = rankCandidates(
    { brandId: fact.brandId, categoryId: fact.categoryId, names, attributes: cleanAttributes(attributes) },
    records.map((r) => ({ ...r, names: [r.nameCs, r.nameEn ?? ""] })),
  );
  const linkedId = await linkOf(ctx.db, productId);
  const linkedRecord = linkedId === null ? null : await bottlingRecord(ctx.db, linkedId);
  return ok({
    linked: linkedRecord
      ? {
          id: linkedRecord.id,
          name: locale === "en" && linkedRecord.nameEn ? linkedRecord.nameEn : linkedRecord.nameCs,
          slug: linkedRecord.slug,
        }
      : null,
    candidates: ranked.map((r) => ({
      id: r.id,
      name: locale === "en" && r.nameEn ? r.nameEn : r.nameCs,
      slug: r.slug,
      brandName: r.brandName,
      attributes: r.attributes,
      score: r.score,
    })),
  });
}

/** Writes the link (a new one, or another bottling: its watchers will be told again). */
async function writeLink(tx: Db, productId: number, bottlingId: number, userId: number, at: Date) {
  await tx
    .insert(bottlingLinks)
    .values({ productId, bottlingId, linkedById: userId, linkedAt: at })
    .onConflictDoUpdate({
      target: bottlingLinks.productId,
      set: {
        bottlingId,
        linkedById: userId,
        linkedAt: at,
        announcedAt: sql`case when ${bottlingLinks.bottlingId} = ${bottlingId} then ${bottlingLinks.announcedAt} else null end`,
      },
    });
}

/** After a link commits: the archive hears of it, the watchers of a live listing are told. */
async function afterLink(ctx: BottlingsContext, productId: number, bottlingId: number) {
  try {
    await ctx.ports.reports.linked([productId], bottlingId);
  } catch (error) {
    ctx.logger?.error({ err: error, productId, bottlingId }, "bottlings: could not report a link");
  }
  await announceListings(ctx, [productId]);
}

/** The seller picks a proposed bottling (a merged one leads to its survivor). */
export async function linkListing(
  ctx: BottlingsContext,
  userId: number,
  productId: number,
  bottlingId: number,
): Promise<Result<{ bottlingId: number }, LinkRefusal>> {
  const own = await ownListing(ctx, ctx.db, userId, productId);
  if (!own.ok) return own;
  const record = await bottlingRecord(ctx.db, bottlingId);
  if (!record) return err("bottling_not_found");
  const target = record.status === "merged" && record.mergedIntoId ? record.mergedIntoId : record.id;
  await ctx.db.transaction((tx) => writeLink(tx, productId, target, userId, ctx.now()));
  await afterLink(ctx, productId, target);
  return ok({ bottlingId: target });
}

/** "None of these": a new bottling of the listing's name, brand, category and attributes. Once per listing. */
export async function createFromListing(
  ctx: BottlingsContext,
  userId: number,
  productId: number,
): Promise<Result<{ bottlingId: number; created: boolean }, LinkRefusal>> {
  const own = await ownListing(ctx, ctx.db, userId, productId);
  if (!own.ok) return own;
  const existing = await linkOf(ctx.db, productId);
  if (existing !== null) return ok({ bottlingId: existing, created: false });
  const fact = own.value;
  const attributes = cleanAttributes((await ctx.ports.listingAttributes([productId])).get(productId) ?? {});
  const at = ctx.now();
  const created = await ctx.db
    .transaction(async (tx) => {
      const names = { nameCs: fact.nameCs, nameEn: fact.nameEn };
      const row = await createBottling(
        tx,
        {
          ...names,
          ...derivedColumns(names, attributes, null),
          categoryId: fact.categoryId,
          brandId: fact.brandId,
          attributes,
          createdById: userId,
        },
        at,
      );
      const [linked] = await tx
        .insert(bottlingLinks)
        .values({ productId, bottlingId: row.id, linkedById: userId, linkedAt: at })
        .onConflictDoNothing()
        .returning({ id: bottlingLinks.bottlingId });
      // A second "none" racing the first: the first one's bottling stands, this one is not kept.
      if (!linked) tx.rollback();
      return row;
    })
    .catch(async (error) => {
      const raced = await linkOf(ctx.db, productId);
      if (raced !== null) return null;
      throw error;
    });
  if (!created) return ok({ bottlingId: (await linkOf(ctx.db, productId)) ?? 0, created: false });
  await refreshSearchText(ctx.db, created.id);
  await afterLink(ctx, productId, created.id);
  return ok({ bottlingId: created.id, created: true });
}

/** The search text with the brand's name (known once the row exists). */
export async function refreshSearchText(db: Db, id: number) {
  const record = await bottlingRecord(db, id);
  if (!record) return;
  const { searchText } = derivedColumns(record, record.attributes, record.brandName);
  await db
    .update(bottlings)
    .set({ searchText })
    .where(and(eq(bottlings.id, id)));
}
