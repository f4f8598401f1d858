import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { action as addAction } from "#app/routes/account/listings/add.tsx";
import { action as editAction } from "#app/routes/account/listings/edit.tsx";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { packages } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { createMarketplaceDouble } from "#server/test/marketplace-double.ts";
import { photoLikeJpeg } from "#server/test/photo.ts";

/**
 * The listing form's deal terms through the add and edit pages' actions (issue 35, ADR 0075), with
 * deals through the site on: an auction without delivery is refused at the section and nothing is
 * saved; with it, the listing and its terms are; the edit changes them; after the first bid they
 * stand as they were, whatever is posted, and the description may still change.
 */

let api: TestApi;
let seller: { id: number; username: string; emailConfirmed: boolean; group: null };
let fields: Record<string, string>;

beforeAll(async () => {
  // Deals are offered only where a payment provider is configured.
  api = await createTestApi({}, { marketplace: createMarketplaceDouble().port });
  await api.services.settings.put("deals", null, { ...DEALS, enabled: true });
  const root = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  const rum = await insertCategory(api.db, { depth: 2, parentId: root.id, nameCs: "Rum", slugCs: "rum" });
  const [bottle] = await api.db.insert(packages).values({ nameCs: "Láhev 0,7 l" }).returning();
  const [account] = await insertBidders(api.db, 1);
  seller = { id: account.user.id, username: account.user.username, emailConfirmed: true, group: null };
  const staged = await api.services.listings.stageImage(seller.id, new Uint8Array(await photoLikeJpeg()));
  if (!staged.ok) throw new Error(staged.code);
  fields = {
    type: "supply",
    category: String(root.id),
    subcategory: String(rum.id),
    package: String(bottle.id),
    name: "Hampden 8 let",
    priceMode: "price",
    price: "900",
    description: "Původní balení, hladina do hrdla.",
    images: staged.value.token,
    activation: "now",
    duration: "week",
  };
});
afterAll(async () => {
  await api?.close();
});

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, { services: api.services, user: seller, locale: "cs" } as never);
  return provider;
}

function post(values: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const item of [value].flat()) body.append(name, item);
  return new Request("http://x/ucet/vase-aukce", { method: "POST", body });
}

/** The parts of the pages' answers these tests read. */
type Answered = {
  saved?: boolean;
  result?: { error?: Record<string, string[]> };
  values?: Record<string, unknown>;
};

/** What an action answered: its data and status (`data()`), or the redirect it threw. */
async function answerOf(run: () => Promise<unknown>) {
  try {
    const answer = (await run()) as { data?: unknown; init?: { status?: number } };
    return { status: answer.init?.status ?? 200, data: (answer.data ?? answer) as Answered };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

describe("the listing form's deal terms", () => {
  let productId: number;

  it("refuses an auction without delivery at the section, then saves the listing with its terms", async () => {
    const refused = await answerOf(() =>
      addAction({ request: post({ ...fields, intent: "submit" }), context: context() } as never),
    );
    expect(refused.status).toBe(422);
    expect(refused.data?.result?.error?.delivery).toEqual(["Nabídněte alespoň jeden způsob doručení."]);

    const terms = {
      delivery: ["zasilkovna", "pickup"],
      deliveryPrice_zasilkovna: "89",
      pickupTown: "Praha",
    };
    const saved = await answerOf(() =>
      addAction({ request: post({ ...fields, ...terms, intent: "submit" }), context: context() } as never),
    );
    expect(saved.status).toBe(302);
    productId = Number(new URL(saved.location!, "http://x").searchParams.get("id"));
    expect(await api.services.dealTerms.termsOf(productId)).toEqual({
      paysThroughSite: false,
      deliveryOptions: [
        { carrier: "zasilkovna", priceMinor: 8900 },
        { carrier: "pickup", town: "Praha" },
      ],
    });
  });

  it("changes the terms on edit, and keeps them after the first bid whatever is posted", async () => {
    const editable = await api.services.listings.editable(seller.id, productId, "cs");
    const stored = { ...fields, images: editable!.input.images.map(String) };
    const edit = (values: Record<string, string | string[]>) =>
      answerOf(() =>
        editAction({
          request: post({ ...values, intent: "save" }),
          params: { id: String(productId) },
          context: context(),
        } as never),
      );
    const changed = await edit({ ...stored, delivery: ["ppl"], deliveryPrice_ppl: "119,50" });
    expect(changed.data?.saved).toBe(true);
    expect(await api.services.dealTerms.termsOf(productId)).toEqual({
      paysThroughSite: false,
      deliveryOptions: [{ carrier: "ppl", priceMinor: 11_950 }],
    });

    await api.db.update(products).set({ bidCount: 1 }).where(eq(products.id, productId));
    const afterBid = await edit({
      ...stored,
      description: "Původní balení, hladina do hrdla. Bez poškození.",
    });
    expect(afterBid.data?.saved).toBe(true);
    expect(afterBid.data?.values?.deliveryPrice_ppl).toBe("119,50");
    expect((await api.services.dealTerms.termsOf(productId))?.deliveryOptions).toEqual([
      { carrier: "ppl", priceMinor: 11_950 },
    ]);
  });
});
