import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canTransition } from "#core/lifecycles/listing.ts";
import { isOnSale } from "#core/rules/sale.ts";
import { voucherRefusal } from "#core/rules/vouchers.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import { createLogger } from "#server/logger.ts";
import { verifyPassword } from "#server/modules/auth/index.ts";
import { refreshSearchText } from "#server/modules/listings/index.ts";
import * as t from "../schema.ts";
import { openTestDatabase, type TestDatabase } from "../test-database.ts";
import { seedLargeCatalogue } from "./bulk.ts";
import { type DemoAccount, seedDemoIfEmpty } from "./index.ts";
import { bidStepMinor } from "./settings-data.ts";
import { DEMO_STAFF } from "./staff-data.ts";

let database: TestDatabase;
let dataDir: string;
let accounts: DemoAccount[];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-seed-"));
  accounts = await seedDemoIfEmpty(database.db, { dataDir, logger: createLogger("silent") });
}, 240_000);

afterAll(async () => {
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The archive's sold auctions (demo-collector.ts): compact rows as seed:large's, each with its
 * result and a shared picture, no bids and no status history. The checks of the demo's own
 * listings leave them out.
 */
const archiveIds = async () =>
  new Set(
    (await database.db.select({ id: t.saleResults.productId }).from(t.saleResults)).map((row) => row.id),
  );

const count = async (table: PgTable) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
};

describe("seedDemoIfEmpty", () => {
  it("stores the search text that refreshSearchText computes from the database, for every product", async () => {
    expect(await refreshSearchText(database.db, { all: true })).toBe(0);
  });

  it("builds the category tree with ids 1, 2 and 3 and at most 5 levels", async () => {
    const rows = await database.db.select().from(t.categories).orderBy(asc(t.categories.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(1)?.parentId).toBeNull();
    expect(byId.get(2)?.parentId).toBe(1);
    expect(byId.get(3)?.parentId).toBe(1);
    expect(byId.get(2)?.nameCs).toBe("Rum");
    expect(byId.get(3)?.nameCs).toBe("Whisky");
    const depths = rows.map((row) => row.depth);
    expect(Math.max(...depths)).toBeLessThanOrEqual(5);
    expect(depths.some((depth) => depth >= 4)).toBe(true);
    for (const row of rows) {
      // depth follows the parent chain; slugs are ASCII, lowercase, hyphenated; both languages present.
      const parent = row.parentId ? byId.get(row.parentId) : undefined;
      expect(row.depth).toBe(parent ? parent.depth + 1 : 1);
      expect(row.slugCs).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.slugEn).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.nameEn).toBeTruthy();
    }
    expect(byId.get(1)?.descriptionCs).toBeTruthy();
    expect(byId.get(1)?.descriptionEn).toBeTruthy();
  });

  it("creates at least 150 products covering every format, duration, type and state", async () => {
    const archive = await archiveIds();
    const products = (await database.db.select().from(t.products)).filter((p) => !archive.has(p.id));
    expect(products.length).toBeGreaterThanOrEqual(150);
    const now = Date.now();
    const formats = new Set(products.map((p) => p.format));
    expect([...formats].sort()).toEqual(["auction", "classified", "shop"]);
    const auctions = products.filter((p) => p.format === "auction");
    expect(new Set(auctions.map((p) => p.auctionDuration))).toEqual(new Set(["week", "month"]));
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(["supply", "demand"]));
    expect(products.filter((p) => p.type === "demand").every((p) => p.format === "classified")).toBe(true);
    expect(
      products.some((p) => p.format === "classified" && p.type === "supply" && p.priceMinor === null),
    ).toBe(true);
    expect(products.filter((p) => p.toppedUntil && p.toppedUntil.getTime() > now).length).toBeGreaterThan(3);
    const shop = products.filter((p) => p.format === "shop");
    expect(shop.every((p) => p.sellerId === null && p.priceMinor !== null)).toBe(true);
    expect(shop.some((p) => p.stock === 0)).toBe(true);
    const onSale = shop.filter((p) => p.isPriceSaleActive);
    expect(onSale.length).toBeGreaterThan(0);
    for (const p of onSale) expect(p.originalPriceMinor!).toBeGreaterThan(p.priceMinor!);
    // A sale is a shop product's (core/rules/sale.ts): no auction or classified carries a sale price.
    expect(
      products.filter((p) => p.format !== "shop" && (p.isPriceSaleActive || p.originalPriceMinor !== null)),
    ).toEqual([]);
    const statuses = new Set(products.map((p) => p.status));
    for (const status of ["active", "scheduled", "awaiting_payment", "ended", "sold"])
      expect(statuses).toContain(status);
    expect(
      products.filter((p) => p.status === "scheduled").every((p) => p.activationAt!.getTime() > now),
    ).toBe(true);
    const ended = auctions.filter((p) => (p.status === "ended" || p.status === "sold") && p.bidCount > 0);
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((p) => p.winnerId !== null && p.endsAt!.getTime() < now)).toBe(true);
    // ADR 0007's close: an auction with a winner is sold, one without ended; both kinds are seeded.
    const closed = auctions.filter((p) => p.status === "ended" || p.status === "sold");
    for (const p of closed) expect([p.id, p.status]).toEqual([p.id, p.winnerId === null ? "ended" : "sold"]);
    expect(closed.filter((p) => p.status === "ended").length).toBeGreaterThan(0);
    expect(closed.filter((p) => p.status === "sold").length).toBeGreaterThan(0);
    const live = auctions.filter((p) => p.status === "active");
    expect(live.every((p) => p.endsAt!.getTime() > now && p.activationAt!.getTime() <= now)).toBe(true);
    expect(live.some((p) => p.endsAt!.getTime() - now < 12 * 3600_000)).toBe(true);
    expect(live.some((p) => p.endsAt!.getTime() - now > 2 * 24 * 3600_000)).toBe(true);
    for (const p of auctions.filter((a) => a.auctionDuration === "week" && a.activationAt && a.endsAt))
      expect(p.endsAt!.getTime() - p.activationAt!.getTime()).toBe(7 * 24 * 3600_000);
    for (const p of auctions.filter((a) => a.auctionDuration === "month" && a.endsAt)) {
      const end = toPragueWallClock(p.endsAt!);
      const lastDay = new Date(Date.UTC(end.year, end.month, 0)).getUTCDate();
      expect([end.day, end.hour, end.minute]).toEqual([lastDay, 20, 0]);
    }
    for (const p of products) {
      expect(p.nameEn).toBeTruthy();
      expect(p.descriptionEn).toBeTruthy();
      expect(p.descriptionCs.split(". ").length).toBeGreaterThanOrEqual(3);
    }
  });

  it("records every product's status history as legal transitions ending in its status", async () => {
    const archive = await archiveIds();
    const products = (await database.db.select().from(t.products)).filter((p) => !archive.has(p.id));
    const changes = await database.db
      .select()
      .from(t.productStatusChanges)
      .orderBy(asc(t.productStatusChanges.createdAt), asc(t.productStatusChanges.id));
    const byProduct = new Map<number, typeof changes>();
    for (const change of changes)
      byProduct.set(change.productId, [...(byProduct.get(change.productId) ?? []), change]);
    for (const product of products) {
      const history = byProduct.get(product.id) ?? [];
      expect(history.length).toBeGreaterThan(0);
      expect(history[0].fromStatus).toBeNull();
      for (let i = 1; i < history.length; i++) {
        expect(history[i].fromStatus).toBe(history[i - 1].toStatus);
        expect(canTransition(history[i].fromStatus!, history[i].toStatus)).toBe(true);
      }
      expect(history[history.length - 1].toStatus).toBe(product.status);
    }
  });

  it("gives every product at least one picture, and the files exist", async () => {
    const archive = await archiveIds();
    const products = (await database.db.select({ id: t.products.id }).from(t.products)).filter(
      (p) => !archive.has(p.id),
    );
    const images = await database.db.select().from(t.productImages);
    const evidence = await database.db.select().from(t.listingEvidencePhotos);
    const evidenced = new Set(evidence.map((row) => row.productId));
    // The evidence's photos are the listings' own.
    const imageOf = new Map(images.map((image) => [image.id, image.productId]));
    expect(evidenced.size).toBe(4);
    for (const row of evidence) expect(imageOf.get(row.imageId)).toBe(row.productId);
    const byProduct = new Map<number, typeof images>();
    for (const image of images)
      byProduct.set(image.productId, [...(byProduct.get(image.productId) ?? []), image]);
    for (const { id } of products) {
      const list = byProduct.get(id) ?? [];
      expect(list.length).toBeGreaterThanOrEqual(1);
      // Up to three drawings, and a few spirits auctions three more for their evidence of authenticity.
      expect(list.length).toBeLessThanOrEqual(evidenced.has(id) ? 6 : 3);
      for (const image of list) {
        expect(image.path).toBe(`/uploads/products/${id}`);
        const file = path.join(dataDir, image.path, image.fileName);
        const svg = fs.readFileSync(file, "utf8");
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg.length).toBeLessThan(8_000);
      }
    }
    // Pictures differ between products (not one shared placeholder).
    const first = fs.readFileSync(
      path.join(dataDir, "uploads/products", String(products[0].id), "1.svg"),
      "utf8",
    );
    const second = fs.readFileSync(
      path.join(dataDir, "uploads/products", String(products[1].id), "1.svg"),
      "utf8",
    );
    expect(first).not.toBe(second);
  });

  it("keeps auction prices and bid counts consistent with the bids, in valid steps", async () => {
    const archive = await archiveIds();
    const auctions = (
      await database.db.select().from(t.products).where(eq(t.products.format, "auction"))
    ).filter((p) => !archive.has(p.id));
    const bids = await database.db.select().from(t.bids).orderBy(asc(t.bids.createdAt), asc(t.bids.id));
    const byProduct = new Map<number, typeof bids>();
    for (const bid of bids) byProduct.set(bid.productId, [...(byProduct.get(bid.productId) ?? []), bid]);
    for (const auction of auctions) {
      const list = byProduct.get(auction.id) ?? [];
      expect(auction.bidCount).toBe(list.length);
      if (!list.length) {
        expect(auction.currentPriceMinor).toBeNull();
        continue;
      }
      const highest = Math.max(...list.map((bid) => bid.amountMinor));
      expect(auction.currentPriceMinor).toBe(highest);
      expect(list[0].amountMinor).toBeGreaterThanOrEqual(auction.startPriceMinor!);
      for (let i = 1; i < list.length; i++) {
        expect(list[i].amountMinor).toBeGreaterThanOrEqual(
          list[i - 1].amountMinor + bidStepMinor(list[i - 1].amountMinor),
        );
        expect(list[i].userId).not.toBe(list[i - 1].userId);
      }
      for (const bid of list) {
        expect(bid.userId).not.toBe(auction.sellerId);
        expect(bid.createdAt.getTime()).toBeGreaterThanOrEqual(auction.activationAt!.getTime());
        expect(bid.createdAt.getTime()).toBeLessThanOrEqual(Math.min(Date.now(), auction.endsAt!.getTime()));
      }
      if (auction.status === "ended" || auction.status === "sold")
        expect(auction.winnerId).toBe(list[list.length - 1].userId);
      else expect(auction.winnerId).toBeNull();
    }
    expect(new Set(bids.map((bid) => bid.userId)).size).toBeGreaterThanOrEqual(6);
  });

  it("returns the main demo accounts, which log in with their passwords", async () => {
    expect(accounts.map((a) => a.role)).toEqual([
      "verified seller",
      "unverified seller",
      "buyer",
      "admin",
      "influencer",
      "moderator",
      "moderator (second)",
      "editor",
      "accountant",
      "support",
    ]);
    for (const account of accounts) {
      expect(account.password.length).toBeGreaterThanOrEqual(10);
      const [user] = await database.db.select().from(t.users).where(eq(t.users.email, account.email));
      expect(user).toBeDefined();
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
      expect(user.emailConfirmedAt).not.toBeNull();
      expect(user.adultConfirmedAt).not.toBeNull();
      if (account.role === "verified seller") expect(user.verifiedAt).not.toBeNull();
      if (account.role === "unverified seller") expect(user.verifiedAt).toBeNull();
      const staff = DEMO_STAFF.find((member) => member.email === account.email);
      expect(user.role).toBe(staff?.role ?? "user");
      expect(account.totpSecret).toBe(staff?.totpSecret);
    }
    expect(await count(t.users)).toBeGreaterThanOrEqual(10);
    const vip = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .innerJoin(t.userGroups, eq(t.userGroups.id, t.users.groupId))
      .where(eq(t.userGroups.discountPercent, 10));
    expect(vip.length).toBeGreaterThan(0);
  });

  it("stores every documented setting, banners in the three groups, currencies and countries", async () => {
    const settings = await database.db.select().from(t.settings);
    const names = new Set(settings.map((s) => s.name));
    for (const name of [
      "contacts",
      "intropopup",
      "topmenu",
      "bottommenu",
      "maintenance",
      "categoriesMenu",
      "bid",
      "fees",
      "softClose",
      "shop",
      "deals",
    ])
      expect(names).toContain(name);
    const topmenuCs = settings.find((s) => s.name === "topmenu" && s.locale === "cs")!.value as {
      link: string;
      text: string;
    }[];
    expect(topmenuCs.some((item) => item.link === "/denni-aukce")).toBe(true);
    expect(topmenuCs.some((item) => item.link.startsWith("http"))).toBe(true);
    expect(settings.find((s) => s.name === "topmenu" && s.locale === "en")).toBeDefined();
    const bottom = settings.find((s) => s.name === "bottommenu" && s.locale === "cs")!.value as {
      title: string;
      links: unknown[];
    }[];
    expect(bottom[0].title).toBeTruthy();
    expect(bottom[0].links.length).toBeGreaterThan(0);
    expect(settings.find((s) => s.name === "maintenance")!.value).toEqual({ is_enabled: false });
    const bid = settings.find((s) => s.name === "bid")!.value as {
      min: number;
      max: number | null;
      value: number;
      step: number;
    }[];
    expect(bid[0].min).toBe(0);
    expect(bid[bid.length - 1].max).toBeNull();
    for (let i = 1; i < bid.length; i++) expect(bid[i].min).toBe(bid[i - 1].max);

    const banners = await database.db.select().from(t.banners);
    for (const group of ["banner.promo", "banner.popup_desktop", "banner.popup_mobile"])
      for (const locale of ["cs", "en"]) {
        const list = banners.filter((b) => b.groupKey === group && b.locale === locale);
        expect(list.length).toBeGreaterThan(0);
        for (const banner of list)
          expect(fs.existsSync(path.join(dataDir, banner.path, banner.image))).toBe(true);
      }

    const currencies = await database.db.select().from(t.currencies);
    expect(currencies.find((c) => c.code === "CZK")?.isDefault).toBe(true);
    expect(currencies.find((c) => c.code === "CZK")?.symbolAfter).toBe(" Kč");
    expect(Number(currencies.find((c) => c.code === "EUR")?.rate)).toBeGreaterThan(20);
    const countries = await database.db.select().from(t.countries);
    for (const code of ["CZ", "SK", "DE", "AT", "PL", "HU", "GB", "FR", "RO", "SI", "HR"])
      expect(countries.map((c) => c.code)).toContain(code);
  });

  it("seeds editorial content and people's activity", async () => {
    const pages = await database.db.select().from(t.infoPages).orderBy(asc(t.infoPages.id));
    expect(pages[0]).toMatchObject({ id: 1, slugCs: "obchodni-podminky", slugEn: "terms-and-conditions" });
    expect(pages[1]).toMatchObject({ id: 2, slugCs: "gdpr", slugEn: "privacy-policy" });
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(await count(t.blogCategories)).toBe(3);
    expect(await count(t.blogPosts)).toBeGreaterThanOrEqual(8);
    const documents = await database.db.select().from(t.documents);
    expect(documents.length).toBeGreaterThanOrEqual(3);
    for (const doc of documents)
      expect(fs.readFileSync(path.join(dataDir, doc.filePath)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await count(t.subscribers)).toBeGreaterThanOrEqual(1);
    expect(await count(t.wishlistItems)).toBeGreaterThanOrEqual(3);
    expect(await count(t.messages)).toBeGreaterThanOrEqual(4);
    expect(await count(t.reviews)).toBeGreaterThanOrEqual(3);
    const paid = await database.db.select().from(t.orders).where(eq(t.orders.status, "paid"));
    expect(paid.some((order) => order.kind === "shop")).toBe(true);
  });

  it("stocks the shop: in stock in many categories, on sale in rum, whisky, wine and cigars, the last 3 bottles, sold out", async () => {
    const categories = await database.db.select().from(t.categories);
    const byId = new Map(categories.map((category) => [category.id, category]));
    const ancestors = (id: number): string[] => {
      const category = byId.get(id);
      return category ? [category.slugCs, ...(category.parentId ? ancestors(category.parentId) : [])] : [];
    };
    const shop = (await database.db.select().from(t.products)).filter((p) => p.format === "shop");
    const inStock = shop.filter((p) => p.stock > 0);
    expect(inStock.length).toBeGreaterThanOrEqual(8);
    expect(new Set(inStock.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(8);
    expect(shop.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    // Exactly one product with the last 3 pieces (the concurrency demo), and a few with 1 or 2.
    expect(shop.filter((p) => p.stock === 3).map((p) => p.nameCs)).toEqual(["Lagavulin 16 let, 43 %"]);
    expect(shop.filter((p) => p.stock === 1 || p.stock === 2).length).toBeGreaterThanOrEqual(2);
    const onSale = shop.filter((p) => isOnSale(p) && p.stock > 0);
    for (const top of ["rum", "whisky", "vino", "doutniky"])
      expect(
        onSale.some((p) => ancestors(p.categoryId).includes(top)),
        top,
      ).toBe(true);
  });

  it("seeds the shop setting, a voucher for every rule and the shop orders that used them", async () => {
    const [setting] = await database.db.select().from(t.settings).where(eq(t.settings.name, "shop"));
    const shopSetting = setting.value as {
      branches: { key: string; prague: boolean }[];
      carriers: { key: string }[];
    };
    expect(shopSetting.branches.length).toBe(13);
    expect(shopSetting.branches.filter((branch) => branch.prague).length).toBe(5);

    const vouchers = await database.db.select().from(t.vouchers);
    const usages = await database.db.select().from(t.voucherUsages);
    const orders = (await database.db.select().from(t.orders)).filter((order) => order.kind === "shop");
    const items = await database.db.select().from(t.orderItems);
    const code = (wanted: string) => vouchers.find((voucher) => voucher.code === wanted)!;
    const usedBy = (wanted: string) => usages.filter((usage) => usage.voucherId === code(wanted).id);
    const now = new Date();
    const context = {
      at: now,
      cartMinor: 1_000_000,
      codesInCart: [],
      usedTotal: 0,
      usedByCustomer: 0,
      email: null as string | null,
    };
    const refusal = (wanted: string, extra: Partial<typeof context> = {}) =>
      voucherRefusal(code(wanted), { ...context, usedTotal: usedBy(wanted).length, ...extra });
    expect(refusal("VITEJTE10")).toBeNull();
    expect(refusal("RUM500")).toBeNull();
    expect(refusal("PETR5")).toBeNull();
    expect(refusal("LETO2025")).toBe("expired");
    expect(refusal("DEGUSTACE200")).toBe("notYetValid");
    expect(refusal("WHISKYSHOW")).toBe("soldOut");
    expect(refusal("KAREL15")).toBe("emailRequired");
    expect(refusal("KAREL15", { email: "KUPEC@rarita.test" })).toBeNull();
    expect(refusal("VIP2024")).toBe("inactive");
    expect(refusal("VITEJTE10", { cartMinor: 99_900 })).toBe("belowMinimum");
    // The buyer used the welcome voucher and RUM500 once each: a second use is refused.
    const [buyer] = await database.db.select().from(t.users).where(eq(t.users.email, "kupec@rarita.test"));
    for (const used of ["VITEJTE10", "RUM500"]) {
      const byBuyer = usedBy(used).filter((usage) => usage.userId === buyer.id).length;
      expect(refusal(used, { usedByCustomer: byBuyer }), used).toBe("usedUp");
    }

    // PETR5 belongs to the influencer account, with paid orders in at least three months.
    const [influencer] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, "influencer@rarita.test"));
    expect(code("PETR5")).toMatchObject({ influencerUserId: influencer.id, marginPercent: 10 });
    const petr = orders.filter((order) => order.voucherId === code("PETR5").id);
    const petrPaid = petr.filter((order) => order.paidAt);
    expect(
      new Set(petrPaid.map((order) => order.paidAt!.toISOString().slice(0, 7))).size,
    ).toBeGreaterThanOrEqual(3);
    expect(petr.some((order) => order.status === "awaiting_payment")).toBe(true);

    // Every order adds up, uses a carrier or branch of the setting, and records its voucher's use.
    for (const order of orders) {
      const lines = items.filter((item) => item.orderId === order.id);
      expect(lines.reduce((sum, item) => sum + item.quantity * item.unitPriceMinor, 0)).toBe(
        order.subtotalMinor + order.deliveryMinor + order.paymentFeeMinor,
      );
      expect(order.discountMinor).toBe(order.groupDiscountMinor + order.voucherDiscountMinor);
      expect(order.totalMinor).toBe(
        order.subtotalMinor - order.discountMinor + order.deliveryMinor + order.paymentFeeMinor,
      );
      const goods = order.subtotalMinor - order.discountMinor;
      if (goods >= 150_000 || order.carrier!.startsWith("pickup:")) expect(order.deliveryMinor).toBe(0);
      else expect(order.deliveryMinor).toBeGreaterThan(0);
      const keys = [
        ...shopSetting.carriers.map((c) => c.key),
        ...shopSetting.branches.map((b) => `pickup:${b.key}`),
      ];
      expect(keys).toContain(order.carrier);
      expect(usages.filter((usage) => usage.orderId === order.id).map((usage) => usage.voucherId)).toEqual(
        order.voucherId ? [order.voucherId] : [],
      );
      if (order.status === "shipped") expect(order.trackingNumber).toBeTruthy();
      // Its voucher took it when it was placed: valid then, over its minimum, for its e-mail.
      const voucher = vouchers.find((v) => v.id === order.voucherId);
      if (voucher)
        expect(
          voucherRefusal(voucher, {
            at: order.createdAt,
            cartMinor: order.subtotalMinor - order.groupDiscountMinor,
            codesInCart: [],
            usedTotal: 0,
            usedByCustomer: 0,
            email: order.email,
          }),
          `order ${order.id}`,
        ).toBeNull();
      expect(order.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // Paid shop orders have their tax documents, numbered in the order they were paid.
    const invoices = await database.db.select().from(t.invoices).orderBy(asc(t.invoices.number));
    const paidShop = orders.filter((order) => order.paidAt);
    expect(paidShop.length).toBeGreaterThanOrEqual(10);
    for (const order of paidShop) expect(invoices.some((invoice) => invoice.orderId === order.id)).toBe(true);
    for (let i = 1; i < invoices.length; i++)
      expect(invoices[i].issuedAt.getTime()).toBeGreaterThanOrEqual(invoices[i - 1].issuedAt.getTime());
  });

  it("leaves the identity sequences past the explicit ids", async () => {
    const [category] = await database.db
      .insert(t.categories)
      .values({ parentId: 1, depth: 2, slugCs: "test", nameCs: "Test" })
      .returning({ id: t.categories.id });
    expect(category.id).toBeGreaterThan(3);
    await database.db.delete(t.categories).where(eq(t.categories.id, category.id));
  });

  it("does nothing when the database already has users", async () => {
    const before = await Promise.all([count(t.users), count(t.products), count(t.bids), count(t.settings)]);
    const again = await seedDemoIfEmpty(database.db, { dataDir, logger: createLogger("silent") });
    expect(again).toEqual(accounts);
    const after = await Promise.all([count(t.users), count(t.products), count(t.bids), count(t.settings)]);
    expect(after).toEqual(before);
  });
});

describe("seedLargeCatalogue (npm run seed:large)", () => {
  it("adds products in batches with shared pictures and consistent bids", async () => {
    const before = await count(t.products);
    const progress: number[] = [];
    const result = await seedLargeCatalogue(database.db, {
      count: 250,
      dataDir,
      batchSize: 100,
      onProgress: (p) => progress.push(p.products),
    });
    expect(progress).toEqual([100, 200, 250]);
    expect(await count(t.products)).toBe(before + 250);
    expect(result.bids).toBeGreaterThan(0);
    const rows = await database.db
      .select({
        id: t.products.id,
        format: t.products.format,
        status: t.products.status,
        winnerId: t.products.winnerId,
        bidCount: t.products.bidCount,
        current: t.products.currentPriceMinor,
        bids: sql<number>`(select count(*)::int from bids b where b.product_id = "products"."id")`,
        highest: sql<
          number | null
        >`(select max(amount_minor)::bigint from bids b where b.product_id = "products"."id")`,
      })
      .from(t.products)
      .where(sql`${t.products.id} > ${before}`);
    for (const row of rows) {
      expect(row.bidCount).toBe(row.bids);
      expect(row.current === null ? null : Number(row.current)).toBe(
        row.highest === null ? null : Number(row.highest),
      );
      if (row.format === "auction" && (row.status === "ended" || row.status === "sold"))
        expect([row.id, row.status]).toEqual([row.id, row.winnerId === null ? "ended" : "sold"]);
    }
    const images = await database.db
      .select()
      .from(t.productImages)
      .where(sql`${t.productImages.productId} > ${before}`);
    expect(images.length).toBe(250);
    const files = new Set(images.map((image) => path.join(dataDir, image.path, image.fileName)));
    expect(files.size).toBeLessThan(60);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);
    // New products after the bulk insert get fresh ids.
    const [{ maxId }] = await database.db
      .select({ maxId: sql<number>`max(${t.products.id})::int` })
      .from(t.products);
    const [category] = await database.db.select({ id: t.categories.id }).from(t.categories).limit(1);
    const [created] = await database.db
      .insert(t.products)
      .values({ format: "shop", categoryId: category.id, nameCs: "Test", slugCs: "test", priceMinor: 100 })
      .returning({ id: t.products.id });
    expect(created.id).toBe(maxId + 1);
    // The bulk texts are what refreshSearchText computes (the row inserted just above has none).
    expect(await refreshSearchText(database.db, { all: true })).toBe(1);
  });

  it("loads fast without triggers, then rebuilds the indexes, the vocabulary and the listing counts", async () => {
    const indexNames = sql`select indexname from pg_indexes where tablename = 'products' order by 1`;
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const indexesBefore = rowsOf(await database.db.execute(indexNames));
    const before = await count(t.products);
    const result = await seedLargeCatalogue(database.db, { count: 120, dataDir, batchSize: 50, fast: true });
    expect(result.products).toBe(120);
    expect(await count(t.products)).toBe(before + 120);
    expect(rowsOf(await database.db.execute(indexNames))).toEqual(indexesBefore);
    // Every word of the new products' texts is in the vocabulary the triggers would have filled.
    const missingWords = await database.db.execute(sql`
      select lexeme from products p, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, p.search_text))) lexeme
      where p.id > ${before}
      except (select word from search_words union all select word from search_other_words)`);
    expect(rowsOf(missingWords)).toEqual([]);
    const wrongCounts = await database.db.execute(sql`
      (select category_id, format, type, auction_duration, brand_id, package_id, count(*)::int as n
        from products where status = 'active' group by 1, 2, 3, 4, 5, 6
        except select category_id, format, type, auction_duration, brand_id, package_id, n from listing_counts)
      union all
      (select category_id, format, type, auction_duration, brand_id, package_id, n from listing_counts where n <> 0
        except select category_id, format, type, auction_duration, brand_id, package_id, count(*)::int
        from products where status = 'active' group by 1, 2, 3, 4, 5, 6)`);
    expect(rowsOf(wrongCounts)).toEqual([]);
    const orphanBids = await database.db.execute(
      sql`select b.id from bids b left join products p on p.id = b.product_id where p.id is null`,
    );
    expect(rowsOf(orphanBids)).toEqual([]);
  });
});
