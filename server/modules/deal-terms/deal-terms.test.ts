import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { createDealTermsService, type DealTermsService } from "./service.ts";

/**
 * A listing's deal terms on a real database: saved and read whole, refused when the options break
 * the shared schema (whatever the caller checked), cleared, and gone with their listing.
 */

let database: TestDatabase;
let terms: DealTermsService;
let categoryId: number;
let deals: unknown = DEALS;
const settings = { get: async <T>() => deals as T };

const zasilkovna: DeliveryOption = { carrier: "zasilkovna", priceMinor: 8900 };
const pickup: DeliveryOption = { carrier: "pickup", town: "Praha" };

beforeAll(async () => {
  database = await openTestDatabase();
  terms = createDealTermsService({ db: database.db, settings });
  categoryId = (await insertCategory(database.db)).id;
});
afterAll(() => database?.dispose());

const newListing = async () => (await insertProduct(database.db, { categoryId })).id;

describe("deal terms", () => {
  it("saves a listing's terms and reads them back, one and many", async () => {
    const id = await newListing();
    const other = await newListing();
    expect(await terms.termsOf(id)).toBeNull();
    const saved = await terms.save(id, { paysThroughSite: false, deliveryOptions: [zasilkovna, pickup] });
    expect(saved).toEqual({
      ok: true,
      value: { paysThroughSite: false, deliveryOptions: [zasilkovna, pickup] },
    });
    await terms.save(other, { paysThroughSite: true, deliveryOptions: [pickup] });
    expect(await terms.termsOf(id)).toEqual({
      paysThroughSite: false,
      deliveryOptions: [zasilkovna, pickup],
    });
    const many = await terms.termsOfMany([id, other, 999_999]);
    expect([...many.keys()].sort()).toEqual([id, other].sort());
    expect(many.get(other)?.paysThroughSite).toBe(true);
  });

  it("replaces the terms on a second save and clears them with null", async () => {
    const id = await newListing();
    await terms.save(id, { paysThroughSite: false, deliveryOptions: [zasilkovna] });
    await terms.save(id, {
      paysThroughSite: true,
      deliveryOptions: [{ carrier: "ppl", priceMinor: 12_000 }],
    });
    expect(await terms.termsOf(id)).toEqual({
      paysThroughSite: true,
      deliveryOptions: [{ carrier: "ppl", priceMinor: 12_000 }],
    });
    expect(await terms.save(id, null)).toEqual({ ok: true, value: null });
    expect(await terms.termsOf(id)).toBeNull();
  });

  it("refuses options the schema refuses, with their problems, and writes nothing", async () => {
    const id = await newListing();
    const refusals: [DeliveryOption[], string, string][] = [
      [[], "deliveryOptions", "validation.deliveryRequired"],
      [
        [zasilkovna, { ...zasilkovna, priceMinor: 100 }],
        "deliveryOptions.1.carrier",
        "validation.deliveryDuplicate",
      ],
      [[{ carrier: "dpd", priceMinor: -1 }], "deliveryOptions.0.priceMinor", "validation.deliveryPrice"],
      [
        [{ carrier: "gls", priceMinor: 300_000 }],
        "deliveryOptions.0.priceMinor",
        "validation.deliveryPriceMax",
      ],
      [[{ carrier: "pickup", town: " " }], "deliveryOptions.0.town", "validation.deliveryTown"],
    ];
    for (const [deliveryOptions, field, key] of refusals) {
      const result = await terms.save(id, { paysThroughSite: false, deliveryOptions });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.details?.[field]?.map((problem) => problem.key)).toContain(key);
    }
    expect(await terms.termsOf(id)).toBeNull();
  });

  it("saves inside the caller's transaction: a rollback takes the terms along", async () => {
    const id = await newListing();
    await expect(
      database.db.transaction(async (tx) => {
        await terms.save(id, { paysThroughSite: false, deliveryOptions: [pickup] }, tx);
        expect(await terms.termsOf(id, tx)).not.toBeNull();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await terms.termsOf(id)).toBeNull();
  });

  it("is gone with its listing (on delete cascade), and the database refuses a non-list", async () => {
    const id = await newListing();
    await terms.save(id, { paysThroughSite: false, deliveryOptions: [zasilkovna] });
    await database.db.delete(products).where(eq(products.id, id));
    expect(await terms.termsOf(id)).toBeNull();
    const other = await newListing();
    await expect(
      database.db.execute(
        sql`insert into listing_deal_terms (product_id, delivery_options) values (${other}, '{}'::jsonb)`,
      ),
    ).rejects.toThrow();
  });
});

describe("dealsAvailable", () => {
  it("follows the deals setting's switch; a malformed setting reads as off", async () => {
    deals = DEALS;
    expect(await terms.dealsAvailable()).toBe(false);
    deals = { ...DEALS, enabled: true };
    expect(await terms.dealsAvailable()).toBe(true);
    expect(await terms.availableDealFees()).toEqual({
      buyerProtection: DEALS.buyerProtection,
      sellerCommissionBp: 0,
    });
    deals = { enabled: true };
    expect(await terms.dealsAvailable()).toBe(false);
    deals = undefined;
    expect(await terms.dealsAvailable()).toBe(false);
  });
});
