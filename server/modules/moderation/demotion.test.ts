import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingQuery } from "#core/contracts/catalog.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { productSearchName, searchText } from "../catalog/search-text.ts";
import { products } from "../listings/tables/products.ts";

/**
 * The "demote" measure (DSA Art. 17, a restriction of visibility; docs/product/back-office.md,
 * "Moderation") on a real database: the demoted listing stays live and reachable by its URL, but
 * search, the category's top slot and the home page's promoted spots skip it; the statement of
 * reasons goes out; a complaint decided by another moderator reverses it.
 */

let api: TestApi;
let category: number;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let moderator: { user: { id: number }; token: string };
let moderator2: { user: { id: number }; token: string };
const DAY = 24 * 3600_000;

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Kubánské doutníky", slugCs: "kuba" })).id;
  [seller] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
  moderator = await api.createUser({ role: "moderator" });
  moderator2 = await api.createUser({ role: "moderator" });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const product = (name: string, topped: boolean) =>
  insertProduct(api.db, {
    categoryId: category,
    sellerId: seller.user.id,
    nameCs: name,
    format: "classified",
    priceMinor: 50_000,
    searchText: searchText([name]),
    searchName: productSearchName(name),
    toppedUntil: topped ? new Date(Date.now() + 3 * DAY) : null,
  });

const ids = (result: { items: { id: number }[] }) => result.items.map((item) => item.id);
const list = (query: Partial<ListingQuery>) => api.services.catalog.listProducts({ locale: "cs", ...query });

describe("demoting a listing", () => {
  it("keeps it live and reachable but out of search and the top places; a reversal restores it", async () => {
    const promoted = await product("Cohiba Behike zvláštní", true);
    const other = await product("Cohiba Siglo obyčejná", false);
    expect(ids(await list({ q: "cohiba" }))).toContain(promoted.id);
    expect(ids(await list({ categoryId: category }))[0]).toBe(promoted.id);

    const made = await api.call("POST", "/api/admin/moderation/decisions", {
      token: moderator.token,
      body: {
        action: "demote_listing",
        target: "listing",
        targetId: promoted.id,
        ground: "own_initiative",
        facts: "Inzerát opakovaně slibuje neověřený původ.",
        reasons: "Klamavé tvrzení o původu podmínky nedovolují.",
        termsSection: "listing_rules",
      },
    });
    expect(made.status).toBe(201);
    const [row] = await api.db.select().from(products).where(eq(products.id, promoted.id));
    expect(row).toMatchObject({ status: "active" });
    expect(row?.demotedAt).not.toBeNull();

    // Reachable by its URL: the product page still opens it.
    const page = await api.services.productPages.productDetail(promoted.id, "cs", new Date());
    expect(page?.id).toBe(promoted.id);
    // Out of search, out of the category's top slot, out of the home page's promoted spots.
    expect(ids(await list({ q: "cohiba" }))).toEqual([other.id]);
    const categoryPage = await list({ categoryId: category });
    expect(ids(categoryPage)[0]).toBe(other.id);
    expect(ids(categoryPage)).toContain(promoted.id);
    expect(categoryPage.items.find((item) => item.id === promoted.id)?.topped).toBe(false);
    expect(ids(await list({ toppedOnly: true }))).not.toContain(promoted.id);

    api.sentMail.length = 0;
    await api.deliverMail();
    expect(
      api.sentMail.some(
        (mail) =>
          mail.to === seller.user.email &&
          mail.subject === "Rozhodnutí moderátora: Inzerát upozaděn ve vyhledávání",
      ),
    ).toBe(true);

    const complaint = await api.call("POST", `/api/me/decisions/${made.json.id}/complaint`, {
      token: seller.token,
      body: { text: "Původ doložím fakturou od dovozce." },
    });
    expect(complaint.status).toBe(201);
    const reversed = await api.call(
      "POST",
      `/api/admin/moderation/complaints/${complaint.json.id}/decision`,
      { token: moderator2.token, body: { outcome: "reversed", answer: "Faktura původ dokládá, vracíme." } },
    );
    expect(reversed.status).toBe(200);
    expect(ids(await list({ q: "cohiba" }))).toContain(promoted.id);
    expect(ids(await list({ categoryId: category }))[0]).toBe(promoted.id);
    expect(ids(await list({ toppedOnly: true }))).toContain(promoted.id);
  });

  it("refuses to demote a listing that is not live", async () => {
    const ended = await insertProduct(api.db, {
      categoryId: category,
      sellerId: seller.user.id,
      format: "classified",
      status: "ended",
    });
    const refused = await api.call("POST", "/api/admin/moderation/decisions", {
      token: moderator.token,
      body: {
        action: "demote_listing",
        target: "listing",
        targetId: ended.id,
        ground: "own_initiative",
        facts: "Inzerát opakovaně slibuje neověřený původ.",
        reasons: "Klamavé tvrzení o původu podmínky nedovolují.",
        termsSection: "listing_rules",
      },
    });
    expect(refused.status).toBe(409);
  });
});
