import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import { err, ok } from "#core/result.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct } from "#server/test/fixtures.ts";
import { bids } from "../bidding/tables.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { userGroups } from "../user-groups/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { CONFIRMATION_RESENDS_PER_HOUR } from "./account-overview.ts";
import { requireConfirmedEmail } from "./guards.ts";
import { FREE_LISTINGS } from "./listing-quota.ts";
import { users } from "./tables.ts";

let api: TestApi;
let categoryId: number;
beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCatalogFixture(api.db)).categories.jamaica.id;
});
afterAll(() => api?.close());

const HOUR = 3600_000;

/** A user listing with its status history (the path it took to its status). */
async function listing(
  sellerId: number,
  path: ProductStatus[],
  overrides: Parameters<typeof insertProduct>[1] | object = {},
) {
  const product = await insertProduct(api.db, {
    categoryId,
    format: "auction",
    sellerId,
    status: path.at(-1)!,
    startPriceMinor: 50_000,
    ...overrides,
  });
  let from: ProductStatus | null = null;
  for (const to of path) {
    await api.db
      .insert(productStatusChanges)
      .values({ productId: product.id, fromStatus: from, toStatus: to });
    from = to;
  }
  return product;
}

describe("listing quota (docs/product/accounts.md: 10 free products, then verification)", () => {
  it("counts every submitted listing, not drafts nor drafts cancelled before submitting", async () => {
    const { user } = await api.createUser();
    await listing(user.id, ["draft"]);
    await listing(user.id, ["draft", "cancelled"]);
    await listing(user.id, ["draft", "awaiting_payment", "scheduled", "active"]);
    await listing(user.id, ["draft", "awaiting_payment", "scheduled", "active", "cancelled"]);
    await listing(user.id, ["draft", "awaiting_payment", "scheduled", "active", "ended"]);
    await listing(user.id, ["draft", "awaiting_payment", "rejected"]);
    expect(await api.services.listingQuota.usage(user.id)).toEqual({
      verified: false,
      used: 4,
      free: FREE_LISTINGS,
      left: 6,
    });
    expect(await api.services.listingQuota.canAddListing(user.id)).toEqual({ ok: true });

    for (let i = 0; i < 6; i++)
      await listing(user.id, ["draft", "awaiting_payment", "scheduled", "active", "sold"]);
    expect((await api.services.listingQuota.usage(user.id)).left).toBe(0);
    expect(await api.services.listingQuota.canAddListing(user.id)).toEqual({
      ok: false,
      needsVerification: true,
    });

    await api.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, user.id));
    expect(await api.services.listingQuota.canAddListing(user.id)).toEqual({ ok: true });
  });
});

describe("requireConfirmedEmail", () => {
  it("lets a confirmed account through and tells an unconfirmed one why not", () => {
    expect(requireConfirmedEmail({ emailConfirmed: true })).toEqual(ok());
    expect(requireConfirmedEmail({ emailConfirmed: false })).toEqual(err("email_not_confirmed"));
  });
});

describe("account overview", () => {
  it("gathers statistics, last bids, watched auctions ending soon, verification, quota, e-mail and discount", async () => {
    const [group] = await api.db
      .insert(userGroups)
      .values({ name: "Sběratelé VIP", discountPercent: 15 })
      .returning();
    const seller = await api.createUser();
    const { user: buyer } = await api.createUser({ groupId: group.id, emailConfirmedAt: new Date() });
    const rival = await api.createUser();
    const now = Date.now();

    const active = await listing(seller.user.id, ["draft", "awaiting_payment", "scheduled", "active"], {
      nameCs: "Havana Club 15",
      slugCs: "havana-club-15",
      endsAt: new Date(now + 2 * 24 * HOUR),
      bidCount: 2,
      currentPriceMinor: 120_000,
    });
    const soon = await listing(seller.user.id, ["draft", "awaiting_payment", "scheduled", "active"], {
      nameCs: "Cohiba Behike",
      slugCs: "cohiba-behike",
      endsAt: new Date(now + HOUR),
      bidCount: 1,
      currentPriceMinor: 60_000,
    });
    const ended = await listing(
      seller.user.id,
      ["draft", "awaiting_payment", "scheduled", "active", "ended"],
      {
        endsAt: new Date(now - HOUR),
      },
    );
    await listing(seller.user.id, ["draft"]);

    // The buyer bid on both running auctions; the rival outbid them on the first.
    await api.db.insert(bids).values([
      { productId: active.id, userId: buyer.id, amountMinor: 100_000, createdAt: new Date(now - 3 * HOUR) },
      {
        productId: active.id,
        userId: rival.user.id,
        amountMinor: 120_000,
        createdAt: new Date(now - 2 * HOUR),
      },
      { productId: soon.id, userId: buyer.id, amountMinor: 60_000, createdAt: new Date(now - HOUR) },
    ]);
    const [wishlist] = await api.db.insert(wishlists).values({ userId: buyer.id }).returning();
    await api.db
      .insert(wishlistItems)
      .values([active, soon, ended].map((product) => ({ wishlistId: wishlist.id, productId: product.id })));

    const authBuyer = (await api.services.auth.loadUser(buyer.id))!;
    const overview = await api.services.accountOverview.overview(authBuyer, "cs");
    expect(overview.advertisements).toEqual({ active: 0, started: 0, total: 0 });
    expect(overview.notifications).toEqual({ new: 0, total: 0 });
    expect(overview.lastBids.map((bid) => [bid.name, bid.amountMinor, bid.leading])).toEqual([
      ["Cohiba Behike", 60_000, true],
      ["Havana Club 15", 100_000, false],
    ]);
    expect(overview.lastBids[0].url).toBe(`/${soon.id}/jamajka/cohiba-behike`);
    expect(overview.lastBids[1].currentPriceMinor).toBe(120_000);
    expect(overview.endingSoon.map((item) => item.name)).toEqual(["Cohiba Behike", "Havana Club 15"]);
    expect(overview.verified).toBe(false);
    expect(overview.quota).toMatchObject({ used: 0, left: FREE_LISTINGS });
    expect(overview.email).toEqual({ address: buyer.email, confirmed: true });
    expect(overview.discount).toEqual({ group: "Sběratelé VIP", percent: 15 });

    // The leader the bidding service keeps on the product wins over the highest bid row (proxy bids).
    await api.db.update(products).set({ leaderId: buyer.id }).where(eq(products.id, active.id));
    const withLeader = await api.services.accountOverview.overview(authBuyer, "cs");
    expect(withLeader.lastBids.find((bid) => bid.productId === active.id)?.leading).toBe(true);

    const authSeller = (await api.services.auth.loadUser(seller.user.id))!;
    const sellerView = await api.services.accountOverview.overview(authSeller, "en");
    expect(sellerView.advertisements).toEqual({ active: 2, started: 2, total: 4 });
    expect(sellerView.quota).toMatchObject({ used: 3, left: FREE_LISTINGS - 3 });
    expect(sellerView.email.confirmed).toBe(false);
    expect(sellerView.discount).toBeNull();
    expect(sellerView.lastBids).toEqual([]);
  });
});

describe("resending the e-mail confirmation from the overview", () => {
  it("sends a new link, a few times an hour, and says when the address is confirmed already", async () => {
    const { user } = await api.createUser();
    const mails = api.sentMail.length;
    for (let i = 0; i < CONFIRMATION_RESENDS_PER_HOUR; i++) {
      expect(await api.services.accountOverview.resendConfirmation(user.id)).toEqual(ok("sent"));
    }
    await api.deliverMail();
    expect(api.sentMail.length).toBe(mails + CONFIRMATION_RESENDS_PER_HOUR);
    expect(api.sentMail.at(-1)!.to).toBe(user.email);
    const limited = await api.services.accountOverview.resendConfirmation(user.id);
    expect(limited).toMatchObject({ ok: false, code: "limited" });
    expect(limited.ok || limited.details.retryAfterSeconds).toBeGreaterThan(0);

    const confirmed = await api.createUser({ emailConfirmedAt: new Date() });
    expect(await api.services.accountOverview.resendConfirmation(confirmed.user.id)).toEqual(
      ok("already_confirmed"),
    );
  });
});
