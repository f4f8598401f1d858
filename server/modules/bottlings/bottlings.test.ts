import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeValues, BottlingResult } from "#core/contracts/bottlings.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { listingCardsOf } from "#server/wiring/bottlings.ts";
import { recordAudit } from "../admin/index.ts";
import { auditLog } from "../admin/tables.ts";
import { brands } from "../catalog/tables.ts";
import { listingMatchFacts } from "../listing-reads/index.ts";
import { products } from "../listings/tables/products.ts";
import { messages } from "../messages/tables.ts";
import { isoWeek } from "./digest.ts";
import { createBottlingsService } from "./service.ts";
import { bottlingLinks, bottlingWatches } from "./tables.ts";

/**
 * Bottlings on a real database with the real notifier: proposals from brand, category and name,
 * the seller's pick and "none of these", a moderator's merge (links and watchers move, the old page
 * answers with the survivor), the watchers told once of a listing going live, and the weekly digest
 * sent once per week and user however often the job runs.
 */

let api: TestApi;
let category: number;
let glenfarclas: number;
let macallan: number;
let now = new Date("2026-11-23T08:00:00Z");
let results: BottlingResult[] = [];
const linked: [number[], number][] = [];
const merged: [number, number][] = [];
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let watcher: Account;
let staff: Account;

function service() {
  return createBottlingsService({
    db: api.db,
    notifier: api.services.notifier,
    recordAudit,
    now: () => now,
    ports: {
      listingFacts: listingMatchFacts,
      listingCards: listingCardsOf(api.services.catalog),
      listingAttributes: async (ids) =>
        new Map(ids.map((id): [number, AttributeValues] => [id, id === attributed ? { age_years: 12 } : {}])),
      describeAttributes: async () => [],
      results: { resultsOf: async () => results, pricePoints: async () => [] },
      reports: {
        linked: async (ids, id) => void linked.push([[...ids], id]),
        merged: async (from, into) => void merged.push([from, into]),
      },
    },
  });
}
let attributed = 0;
let bottlings: ReturnType<typeof service>;

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Whisky", slugCs: "whisky" })).id;
  [{ id: glenfarclas }, { id: macallan }] = await api.db
    .insert(brands)
    .values([
      { name: "Glenfarclas", nameKey: "glenfarclas" },
      { name: "Macallan", nameKey: "macallan" },
    ])
    .returning({ id: brands.id });
  [seller, watcher, staff] = await insertBidders(api.db, 3);
  bottlings = service();
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const listing = (over: {
  name: string;
  brandId: number | null;
  status?: "active" | "scheduled";
  sellerId?: number;
  type?: "supply" | "demand";
}) =>
  insertProduct(api.db, {
    categoryId: category,
    format: "classified",
    type: over.type ?? "supply",
    sellerId: over.sellerId ?? seller.user.id,
    brandId: over.brandId,
    nameCs: over.name,
    nameEn: null,
    status: over.status ?? "active",
  });

describe("bottlings", () => {
  let first: number;

  it("creates a bottling from a listing that matches none, then proposes it for the next one", async () => {
    const one = await listing({ name: "Glenfarclas 12 let 0,7 l", brandId: glenfarclas });
    const none = await bottlings.candidatesFor(seller.user.id, one.id, "cs");
    expect(none.ok && none.value.candidates).toEqual([]);
    const created = await bottlings.createFromListing(seller.user.id, one.id);
    expect(created.ok && created.value.created).toBe(true);
    first = created.ok ? created.value.bottlingId : 0;
    // A second "none" for the same listing makes no second bottling.
    const again = await bottlings.createFromListing(seller.user.id, one.id);
    expect(again.ok && again.value).toEqual({ bottlingId: first, created: false });
    expect(linked).toContainEqual([[one.id], first]);

    const two = await listing({ name: "Glenfarclas 12 Years Old", brandId: glenfarclas });
    const other = await listing({ name: "Macallan 12 Double Cask", brandId: macallan });
    const proposals = await bottlings.candidatesFor(seller.user.id, two.id, "cs");
    expect(proposals.ok && proposals.value.candidates.map((c) => c.id)).toEqual([first]);
    const forOther = await bottlings.candidatesFor(seller.user.id, other.id, "cs");
    expect(forOther.ok && forOther.value.candidates).toEqual([]);
  });

  it("only the listing's seller links it", async () => {
    const product = await listing({ name: "Glenfarclas 15", brandId: glenfarclas });
    expect(await bottlings.candidatesFor(watcher.user.id, product.id, "cs")).toMatchObject({
      code: "not_yours",
    });
    expect(await bottlings.link(watcher.user.id, product.id, first)).toMatchObject({ code: "not_yours" });
    expect(await bottlings.link(seller.user.id, product.id, 999_999)).toMatchObject({
      code: "bottling_not_found",
    });
  });

  it("tells a watcher once when a listing of the bottling goes live, never its seller", async () => {
    expect((await bottlings.watch(watcher.user.id, first)).ok).toBe(true);
    expect((await bottlings.watch(seller.user.id, first)).ok).toBe(true);
    const live = await listing({ name: "Glenfarclas 12 Years", brandId: glenfarclas });
    expect((await bottlings.link(seller.user.id, live.id, first)).ok).toBe(true);
    const later = await listing({ name: "Glenfarclas 12", brandId: glenfarclas, status: "scheduled" });
    expect((await bottlings.link(seller.user.id, later.id, first)).ok).toBe(true);
    await bottlings.announcePending();
    await bottlings.announcePending();
    const told = await api.db.select().from(messages).where(eq(messages.event, "bottling_listed"));
    expect(told.map((m) => (m.payload as { productId: number }).productId)).toEqual([live.id]);
    // The scheduled one goes live: the minute's sweep tells the watcher, once.
    await api.db.update(products).set({ status: "active" }).where(eq(products.id, later.id));
    await bottlings.announcePending();
    await bottlings.announcePending();
    const after = await api.db.select().from(messages).where(eq(messages.event, "bottling_listed"));
    expect(after.map((m) => (m.payload as { productId: number }).productId)).toEqual([live.id, later.id]);
    // Relinking the same listing to the same bottling tells nobody again.
    await bottlings.link(seller.user.id, live.id, first);
    expect(await api.db.select().from(messages).where(eq(messages.event, "bottling_listed"))).toHaveLength(2);
  });

  it("counts the listings on sale now apart from every listing ever linked", async () => {
    const before = await bottlings.page(first, "cs");
    const shown = before?.kind === "page" ? before.page : null;
    // Linked so far: the founding listing and the two announced ones, all three live.
    expect(shown?.bottling.listingCount).toBe(3);
    expect(shown?.onSaleCount).toBe(3);
    // Counted past the cards shown: one card asked, all three counted.
    const linked = await api.db
      .select({ id: bottlingLinks.productId })
      .from(bottlingLinks)
      .where(eq(bottlingLinks.bottlingId, first));
    const one = await listingCardsOf(api.services.catalog)(
      linked.map((row) => row.id),
      "cs",
      true,
      1,
    );
    expect([one.cards.length, one.matched]).toEqual([1, 3]);
    const [ended] = await api.db
      .select({ id: bottlingLinks.productId })
      .from(bottlingLinks)
      .where(eq(bottlingLinks.bottlingId, first))
      .limit(1);
    await api.db.update(products).set({ status: "ended" }).where(eq(products.id, ended.id));
    const after = await bottlings.page(first, "cs");
    expect(after?.kind === "page" && after.page.bottling.listingCount).toBe(3);
    expect(after?.kind === "page" && after.page.onSaleCount).toBe(2);
    await api.db.update(products).set({ status: "active" }).where(eq(products.id, ended.id));
  });

  it("never links a wanted ad: it offers no bottle", async () => {
    const wanted = await listing({ name: "Sháním Glenfarclas 12", brandId: glenfarclas, type: "demand" });
    expect(await bottlings.candidatesFor(seller.user.id, wanted.id, "cs")).toMatchObject({
      code: "not_an_offer",
    });
    expect(await bottlings.link(seller.user.id, wanted.id, first)).toMatchObject({ code: "not_an_offer" });
    expect(await bottlings.createFromListing(seller.user.id, wanted.id)).toMatchObject({
      code: "not_an_offer",
    });
  });

  it("merges a duplicate: links and watchers move, the old page answers with the survivor, audited", async () => {
    const dup = await listing({ name: "Glenfarclas Twelve", brandId: glenfarclas });
    attributed = dup.id;
    const created = await bottlings.createFromListing(seller.user.id, dup.id);
    const duplicate = created.ok ? created.value.bottlingId : 0;
    expect(duplicate).not.toBe(first);
    const third = (await insertBidders(api.db, 1))[0];
    await bottlings.watch(third.user.id, duplicate);
    await bottlings.watch(watcher.user.id, duplicate);
    const actor = { actorId: staff.user.id, ip: "127.0.0.1" };
    expect(await bottlings.admin.merge(actor, duplicate, duplicate)).toMatchObject({ code: "same" });
    const outcome = await bottlings.admin.merge(actor, duplicate, first);
    expect(outcome).toEqual({ ok: true, value: { moved: 1 } });
    expect(merged).toContainEqual([duplicate, first]);
    const [link] = await api.db.select().from(bottlingLinks).where(eq(bottlingLinks.productId, dup.id));
    expect(link.bottlingId).toBe(first);
    const watchers = await api.db.select().from(bottlingWatches).where(eq(bottlingWatches.bottlingId, first));
    expect(watchers.map((w) => w.userId).sort()).toEqual(
      [seller.user.id, watcher.user.id, third.user.id].sort(),
    );
    expect(
      await api.db.select().from(bottlingWatches).where(eq(bottlingWatches.bottlingId, duplicate)),
    ).toEqual([]);
    const page = await bottlings.page(duplicate, "cs");
    expect(page).toMatchObject({ kind: "moved", id: first });
    expect(await bottlings.admin.merge(actor, duplicate, first)).toMatchObject({ code: "merged_already" });
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "bottling.merge"), eq(auditLog.entityId, String(duplicate))));
    expect(audits).toHaveLength(1);
    // A pick of the merged bottling links to the survivor.
    const late = await listing({ name: "Glenfarclas 12", brandId: glenfarclas });
    expect(await bottlings.link(seller.user.id, late.id, duplicate)).toEqual({
      ok: true,
      value: { bottlingId: first },
    });
  });

  it("sends the weekly digest of new results once per week and user", async () => {
    results = [];
    expect(await bottlings.sendWeeklyDigests()).toBe(0);
    results = [
      {
        id: 1,
        productId: 1,
        priceMinor: 250_000,
        date: new Date(now.getTime() - 2 * 24 * 3600 * 1000).toISOString(),
        fillLevel: null,
        kind: "auction",
      },
      {
        id: 2,
        productId: 2,
        priceMinor: 200_000,
        date: new Date(now.getTime() - 20 * 24 * 3600 * 1000).toISOString(),
        fillLevel: null,
        kind: "deal",
      },
    ];
    const sent = await bottlings.sendWeeklyDigests();
    expect(sent).toBe(3);
    expect(await bottlings.sendWeeklyDigests()).toBe(0);
    const digests = await api.db.select().from(messages).where(eq(messages.event, "bottling_results"));
    expect(digests).toHaveLength(3);
    expect((digests[0].payload as { count: number }).count).toBe(1);
    // Both languages' names: the English notice has its own (the Czech where none is given).
    expect(digests[0].payload).toMatchObject({
      names: expect.stringContaining("Glenfarclas"),
      namesEn: expect.stringContaining("Glenfarclas"),
    });
    expect(isoWeek(now)).toBe("2026-W48");
    now = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
    results = results.map((r) => ({ ...r, date: new Date(now.getTime() - 3600_000).toISOString() }));
    expect(await bottlings.sendWeeklyDigests()).toBe(3);
  });

  it("lists and searches bottlings by words, folded", async () => {
    const found = await bottlings.list({ q: "GLENFARCLAS", locale: "cs" });
    expect(found.items.map((b) => b.id)).toContain(first);
    expect((await bottlings.list({ q: "macallan", locale: "cs" })).total).toBe(0);
  });
});
