import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../modules/admin/tables.ts";
import { sessions } from "../modules/auth/tables.ts";
import { bids } from "../modules/bidding/tables.ts";
import { brands, categories, packages } from "../modules/catalog/tables.ts";
import { banners, blogCategories, blogPosts, documents, infoPages } from "../modules/cms/tables.ts";
import {
  emailConfirmationTokens,
  passwordResetTokens,
  verificationCodes,
} from "../modules/credentials/tables.ts";
import { invoices } from "../modules/invoicing/tables.ts";
import { productImages, productStatusChanges, products } from "../modules/listings/tables/products.ts";
import { countries, currencies } from "../modules/lists/tables.ts";
import { messages, messageThreads, threadParticipants, userBlocks } from "../modules/messages/tables.ts";
import { subscribers } from "../modules/newsletter/tables.ts";
import { orderItems, orders, vouchers, voucherUsages } from "../modules/orders/tables.ts";
import { paymentEvents, payments } from "../modules/payments/tables.ts";
import { reviews } from "../modules/reviews/tables.ts";
import { settings } from "../modules/settings/tables.ts";
import { userGroups } from "../modules/user-groups/tables.ts";
import { addresses, users } from "../modules/users/tables.ts";
import { stockWatchdogs } from "../modules/watchdog/tables.ts";
import { wishlistItems, wishlists } from "../modules/wishlist/tables.ts";
import { type Database, type Db, openDatabase } from "./client.ts";
import { openTestDatabase } from "./test-database.ts";

type Opened = Database & { dispose(): Promise<void> };

/** Always PGlite; PostgreSQL too when TEST_DATABASE_URL names a server. */
const engines: { name: string; open: () => Promise<Opened> }[] = [
  {
    name: "pglite",
    open: async () => {
      const database = await openDatabase({ engine: "pglite" });
      return { ...database, dispose: () => database.close() };
    },
  },
];
if (process.env.TEST_DATABASE_URL) engines.push({ name: "postgres", open: openTestDatabase });

/** The database error behind drizzle's wrapper (pg and PGlite both carry code and constraint). */
function databaseError(error: unknown): { code?: string; constraint?: string; message: string } {
  let current = error as { code?: string; cause?: unknown; message: string } | undefined;
  while (current && !current.code && current.cause) current = current.cause as typeof current;
  return current ?? { message: String(error) };
}

const SQLSTATE = { unique: "23505", check: "23514", foreignKey: "23503", notNull: "23502" } as const;
/** Deleting a row that an ON DELETE RESTRICT key refers to: PostgreSQL 18 says 23001 (restrict_violation), 15 says 23503. */
const RESTRICTED = ["23001", "23503"];

/** Expects the statement to be rejected with the given SQLSTATE (or one of them) and, if named, the given constraint. */
async function expectRejected(run: () => PromiseLike<unknown>, code: string | string[], constraint?: string) {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(caught, "the statement should have been rejected").toBeDefined();
  const error = databaseError(caught);
  const codes = Array.isArray(code) ? code : [code];
  expect(codes, error.message).toContain(error.code);
  if (constraint) expect(error.constraint, error.message).toBe(constraint);
}

describe.each(engines)("database schema on $name", ({ open }) => {
  let database: Opened;
  let db: Db;
  let seller: typeof users.$inferSelect;
  let buyer: typeof users.$inferSelect;
  let auction: typeof products.$inferSelect;
  let depth5CategoryId: number;
  let counter = 0;
  const unique = () => `${++counter}-${randomBytes(3).toString("hex")}`;

  function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
    const id = unique();
    return db
      .insert(users)
      .values({
        email: `user-${id}@example.cz`,
        username: `user_${id}`,
        passwordHash: "$argon2id$test",
        ...overrides,
      })
      .returning();
  }

  function newProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
    return db
      .insert(products)
      .values({
        format: "auction",
        status: "active",
        sellerId: seller.id,
        categoryId: 2,
        nameCs: "Rum Zacapa 23",
        slugCs: "rum-zacapa-23",
        startPriceMinor: 100_000,
        auctionDuration: "week",
        ...overrides,
      })
      .returning();
  }

  beforeAll(async () => {
    database = await open();
    db = database.db;
    await db.insert(countries).values([
      { code: "CZ", nameCs: "Česká republika", nameEn: "Czech Republic", position: 1 },
      { code: "SK", nameCs: "Slovensko", nameEn: "Slovakia", position: 2 },
    ]);
    // The seed inserts the fixed category ids (1, 2, 3) explicitly.
    await db.insert(categories).values([
      { id: 1, depth: 1, slugCs: "alkohol", slugEn: "alcohol", nameCs: "Alkohol", nameEn: "Alcohol" },
      { id: 2, parentId: 1, depth: 2, slugCs: "rum", slugEn: "rum", nameCs: "Rum", nameEn: "Rum" },
      {
        id: 3,
        parentId: 1,
        depth: 2,
        slugCs: "whisky",
        slugEn: "whisky",
        nameCs: "Whisky",
        nameEn: "Whisky",
      },
    ]);
    // After explicit ids the identity must be moved past them, or the next generated id collides.
    await db.execute(
      sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`,
    );
    let parentId = 2;
    for (let depth = 3; depth <= 5; depth++) {
      const [row] = await db
        .insert(categories)
        .values({ parentId, depth, slugCs: `uroven-${depth}`, nameCs: `Úroveň ${depth}` })
        .returning();
      parentId = row.id;
    }
    depth5CategoryId = parentId;
    [seller] = await newUser({ email: "Prodejce@Example.cz", username: "Prodejce" });
    [buyer] = await newUser();
    [auction] = await newProduct();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  describe("rejects bad rows", () => {
    it("an e-mail that differs only in case", async () => {
      await expectRejected(
        () => newUser({ email: "prodejce@EXAMPLE.cz" }),
        SQLSTATE.unique,
        "users_email_lower_unique",
      );
    });

    it("a username that differs only in case", async () => {
      await expectRejected(
        () => newUser({ username: "PRODEJCE" }),
        SQLSTATE.unique,
        "users_username_lower_unique",
      );
    });

    it("negative money on products, bids and order items", async () => {
      await expectRejected(
        () => newProduct({ startPriceMinor: -1 }),
        SQLSTATE.check,
        "products_start_price_minor_check",
      );
      await expectRejected(
        () => newProduct({ format: "classified", priceMinor: -100 }),
        SQLSTATE.check,
        "products_price_minor_check",
      );
      await expectRejected(
        () => db.insert(bids).values({ productId: auction.id, userId: buyer.id, amountMinor: -5 }),
        SQLSTATE.check,
        "bids_amount_minor_check",
      );
      const [order] = await db
        .insert(orders)
        .values({ hash: randomBytes(16).toString("hex"), kind: "shop", email: "a@example.cz", totalMinor: 0 })
        .returning();
      await expectRejected(
        () => db.insert(orderItems).values({ orderId: order.id, description: "Rum", unitPriceMinor: -1 }),
        SQLSTATE.check,
        "order_items_unit_price_minor_check",
      );
      await expectRejected(
        () =>
          db
            .insert(orderItems)
            .values({ orderId: order.id, description: "Rum", unitPriceMinor: 1, quantity: 0 }),
        SQLSTATE.check,
        "order_items_quantity_check",
      );
    });

    it("a proxy maximum below the bid", async () => {
      await expectRejected(
        () =>
          db.insert(bids).values({
            productId: auction.id,
            userId: buyer.id,
            amountMinor: 200_000,
            maxAmountMinor: 150_000,
          }),
        SQLSTATE.check,
        "bids_max_amount_minor_check",
      );
    });

    it("0 and 6 stars", async () => {
      for (const stars of [0, 6]) {
        await expectRejected(
          () =>
            db
              .insert(reviews)
              .values({ productId: auction.id, authorId: buyer.id, subjectId: seller.id, stars }),
          SQLSTATE.check,
          "reviews_stars_check",
        );
      }
    });

    it("a review of oneself and a second review of the same deal", async () => {
      await expectRejected(
        () =>
          db
            .insert(reviews)
            .values({ productId: auction.id, authorId: seller.id, subjectId: seller.id, stars: 5 }),
        SQLSTATE.check,
        "reviews_not_self_check",
      );
      const [product] = await newProduct();
      await db
        .insert(reviews)
        .values({ productId: product.id, authorId: buyer.id, subjectId: seller.id, stars: 4 });
      await expectRejected(
        () =>
          db
            .insert(reviews)
            .values({ productId: product.id, authorId: buyer.id, subjectId: seller.id, stars: 5 }),
        SQLSTATE.unique,
        "reviews_product_author_unique",
      );
    });

    it("a second wishlist for the same user", async () => {
      const [user] = await newUser();
      await db.insert(wishlists).values({ userId: user.id });
      await expectRejected(
        () => db.insert(wishlists).values({ userId: user.id }),
        SQLSTATE.unique,
        "wishlists_user_id_unique",
      );
    });

    it("the same product twice in one wishlist, and a wishlist without a temp id", async () => {
      const [wishlist] = await db.insert(wishlists).values({ tempId: randomUUID() }).returning();
      await db.insert(wishlistItems).values({ wishlistId: wishlist.id, productId: auction.id });
      await expectRejected(
        () => db.insert(wishlistItems).values({ wishlistId: wishlist.id, productId: auction.id }),
        SQLSTATE.unique,
        "wishlist_items_wishlist_product_unique",
      );
      // Every wishlist is addressed by its temp id: one is generated when none is given, and none is refused.
      const [generated] = await db.insert(wishlists).values({}).returning();
      expect(generated.tempId).toMatch(/^[0-9a-f-]{36}$/);
      await expectRejected(() => db.insert(wishlists).values({ tempId: null as never }), SQLSTATE.notNull);
    });

    it("a category at depth 6, and a root with a parent", async () => {
      await expectRejected(
        () =>
          db
            .insert(categories)
            .values({ parentId: depth5CategoryId, depth: 6, slugCs: "sesta", nameCs: "Šestá" }),
        SQLSTATE.check,
        "categories_depth_check",
      );
      await expectRejected(
        () => db.insert(categories).values({ parentId: 1, depth: 1, slugCs: "x", nameCs: "X" }),
        SQLSTATE.check,
        "categories_root_check",
      );
    });

    it("a product in a category that does not exist", async () => {
      await expectRejected(
        () => newProduct({ categoryId: 999_999 }),
        SQLSTATE.foreignKey,
        "products_category_id_categories_id_fk",
      );
    });

    it("an unknown status, a shop product with a seller, a user listing without one, a demand auction", async () => {
      await expectRejected(
        () => newProduct({ status: "bogus" as never }),
        SQLSTATE.check,
        "products_status_check",
      );
      await expectRejected(() => newProduct({ format: "shop" }), SQLSTATE.check, "products_seller_check");
      await expectRejected(() => newProduct({ sellerId: null }), SQLSTATE.check, "products_seller_check");
      await expectRejected(() => newProduct({ type: "demand" }), SQLSTATE.check, "products_demand_check");
    });

    it("a phone prefix outside the offered list", async () => {
      await expectRejected(
        () => newUser({ phonePrefix: "+1" as never }),
        SQLSTATE.check,
        "users_phone_prefix_check",
      );
    });

    it("a second default currency, a zero rate", async () => {
      await db.insert(currencies).values({ code: "CZK", symbolAfter: "Kč", rate: "1", isDefault: true });
      await expectRejected(
        () => db.insert(currencies).values({ code: "EUR", symbolBefore: "€", rate: "25.2", isDefault: true }),
        SQLSTATE.unique,
        "currencies_one_default",
      );
      await expectRejected(
        () => db.insert(currencies).values({ code: "USD", rate: "0" }),
        SQLSTATE.check,
        "currencies_rate_check",
      );
    });

    it("a second all-languages value of one setting, while per-language values coexist", async () => {
      await db.insert(settings).values([
        { name: "contacts", locale: null, value: { phone: "+420 123 456 789" } },
        { name: "contacts", locale: "en", value: { phone: "+420 123 456 789", note: "English" } },
      ]);
      await expectRejected(
        () => db.insert(settings).values({ name: "contacts", locale: null, value: {} }),
        SQLSTATE.unique,
        "settings_name_locale_unique",
      );
      // Upserts target (name, locale), NULL included.
      await db
        .insert(settings)
        .values({ name: "contacts", locale: null, value: { phone: "+420 999" } })
        .onConflictDoUpdate({
          target: [settings.name, settings.locale],
          set: { value: { phone: "+420 999" } },
        });
      const rows = await db.select().from(settings).where(eq(settings.name, "contacts"));
      expect(rows.find((row) => row.locale === null)?.value).toEqual({ phone: "+420 999" });
    });

    it("a voucher code that differs only in case, a percent above 100", async () => {
      await db.insert(vouchers).values({ code: "LETO2025", kind: "percent", value: 10 });
      await expectRejected(
        () => db.insert(vouchers).values({ code: "leto2025", kind: "fixed", value: 10_000 }),
        SQLSTATE.unique,
        "vouchers_code_lower_unique",
      );
      await expectRejected(
        () => db.insert(vouchers).values({ code: "MOC", kind: "percent", value: 101 }),
        SQLSTATE.check,
        "vouchers_value_check",
      );
    });

    it("the same webhook event twice", async () => {
      await db.insert(paymentEvents).values({ provider: "test", eventId: "evt_1", payload: { ok: true } });
      await expectRejected(
        () => db.insert(paymentEvents).values({ provider: "test", eventId: "evt_1", payload: { ok: true } }),
        SQLSTATE.unique,
        "payment_events_provider_event_id_unique",
      );
    });

    it("an e-mail subscribed twice in other case", async () => {
      await db.insert(subscribers).values({ email: "Odber@Example.cz" });
      await expectRejected(
        () => db.insert(subscribers).values({ email: "odber@example.CZ" }),
        SQLSTATE.unique,
        "subscribers_email_lower_unique",
      );
    });

    it("a product with bids cannot be deleted; its images go with it when it has none", async () => {
      const [product] = await newProduct();
      await db.insert(bids).values({ productId: product.id, userId: buyer.id, amountMinor: 100_000 });
      await expectRejected(
        () => db.delete(products).where(eq(products.id, product.id)),
        RESTRICTED,
        "bids_product_id_products_id_fk",
      );
      const [draft] = await newProduct({ status: "draft" });
      await db.insert(productImages).values({ productId: draft.id, path: "products/1", fileName: "a.webp" });
      await db.delete(products).where(eq(products.id, draft.id));
      expect(await db.select().from(productImages).where(eq(productImages.productId, draft.id))).toEqual([]);
    });
  });

  describe("accepts good rows", () => {
    it("users, groups, addresses and auth tokens", async () => {
      const [group] = await db.insert(userGroups).values({ name: "VIP", discountPercent: 15 }).returning();
      const [user] = await newUser({
        groupId: group.id,
        firstname: "Jana",
        lastname: "Nováková",
        phonePrefix: "+420",
        phone: "601234567",
        scope: ["advertisement.add"],
        locale: "en",
        adultConfirmedAt: new Date(),
      });
      expect(user).toMatchObject({
        role: "user",
        scope: ["advertisement.add"],
        groupId: group.id,
        deletedAt: null,
      });
      expect(user.createdAt).toBeInstanceOf(Date);
      await db.insert(addresses).values({
        userId: user.id,
        kind: "invoice",
        name: "Jana Nováková",
        street: "Dlouhá 1",
        city: "Praha",
        zip: "110 00",
        countryCode: "CZ",
        company: "Sklep s.r.o.",
        companyId: "12345678",
        taxId: "CZ12345678",
      });
      const inAMonth = new Date(Date.now() + 30 * 86_400_000);
      await db.insert(sessions).values({ userId: user.id, tokenHash: "a".repeat(64), expiresAt: inAMonth });
      await db
        .insert(passwordResetTokens)
        .values({ userId: user.id, tokenHash: "b".repeat(64), expiresAt: inAMonth });
      await db
        .insert(emailConfirmationTokens)
        .values({ userId: user.id, email: user.email, tokenHash: "c".repeat(64), expiresAt: inAMonth });
      await db
        .insert(verificationCodes)
        .values({ userId: user.id, phone: "+420601234567", codeHash: "d".repeat(64), expiresAt: inAMonth });
      // Owned rows go with the user.
      await db.delete(users).where(eq(users.id, user.id));
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    });

    it("catalogue: a new generated category id after the explicit ones, brands, packages, all three formats, images, lifecycle, bids", async () => {
      const [category] = await db
        .insert(categories)
        .values({ parentId: 3, depth: 2, slugCs: "gin", nameCs: "Gin" })
        .returning();
      expect(category.id).toBeGreaterThan(3);
      const [brand] = await db
        .insert(brands)
        .values({ name: "Zacapa", nameKey: "zacapa", createdById: seller.id })
        .returning();
      const [box] = await db
        .insert(packages)
        .values({ nameCs: "Dárková krabice", nameEn: "Gift box" })
        .returning();
      const [classified] = await newProduct({
        format: "classified",
        priceMinor: null,
        startPriceMinor: null,
        auctionDuration: null,
        brandId: brand.id,
        packageId: box.id,
      });
      expect(classified.priceMinor).toBeNull();
      const [demand] = await newProduct({ format: "classified", type: "demand", auctionDuration: null });
      expect(demand.type).toBe("demand");
      const [shop] = await newProduct({
        format: "shop",
        sellerId: null,
        priceMinor: 149_900,
        originalPriceMinor: 179_900,
        isPriceSaleActive: true,
        stock: 5,
        taxRate: 21,
        auctionDuration: null,
      });
      expect(shop).toMatchObject({ priceMinor: 149_900, stock: 5, isPriceSaleActive: true, sellerId: null });
      const [monthly] = await newProduct({
        auctionDuration: "month",
        startPriceMinor: 250_000_000_00,
        reservePriceMinor: 300_000_000_00,
        activationAt: new Date(),
        endsAt: new Date(Date.now() + 7 * 86_400_000),
      });
      // bigint columns come back as JS numbers.
      expect(monthly.reservePriceMinor).toBe(300_000_000_00);
      await db
        .insert(productImages)
        .values({ productId: monthly.id, position: 0, path: "p/1", fileName: "main.webp", width: 800 });
      await db.insert(productStatusChanges).values([
        { productId: monthly.id, fromStatus: null, toStatus: "draft", actorId: seller.id },
        { productId: monthly.id, fromStatus: "draft", toStatus: "active", reason: "paid" },
      ]);
      await db.insert(bids).values([
        {
          productId: monthly.id,
          userId: buyer.id,
          amountMinor: 250_000_000_00,
          maxAmountMinor: 260_000_000_00,
        },
        { productId: monthly.id, userId: seller.id, amountMinor: 250_100_000_00, isAutomatic: true },
      ]);
      // The product's rows in the other tables point back at it.
      const [product] = await db.select().from(products).where(eq(products.id, monthly.id));
      const images = await db.select().from(productImages).where(eq(productImages.productId, monthly.id));
      const itsBids = await db.select().from(bids).where(eq(bids.productId, monthly.id));
      const [itsSeller] = await db.select().from(users).where(eq(users.id, product.sellerId!));
      const [itsCategory] = await db.select().from(categories).where(eq(categories.id, product.categoryId));
      expect(images).toHaveLength(1);
      expect(itsBids).toHaveLength(2);
      expect(itsSeller.id).toBe(seller.id);
      expect(itsCategory.id).toBe(2);
    });

    it("wishlists for a user and for a guest", async () => {
      const [mine] = await db.insert(wishlists).values({ userId: buyer.id }).returning();
      expect(mine.siteId).toBe(1);
      await db
        .insert(wishlistItems)
        .values({ wishlistId: mine.id, productId: auction.id, note: "hlídat konec" });
      const [guest] = await db.insert(wishlists).values({ tempId: randomUUID() }).returning();
      await db.insert(wishlistItems).values({ wishlistId: guest.id, productId: auction.id });
      const items = await db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, mine.id));
      expect(items.map((item) => item.note)).toEqual(["hlídat konec"]);
    });

    it("newsletter subscriber with categories", async () => {
      const [row] = await db
        .insert(subscribers)
        .values({
          email: "news@example.cz",
          userId: buyer.id,
          selectedCategories: [1, 2],
          confirmTokenHash: "e".repeat(64),
        })
        .returning();
      expect(row.selectedCategories).toEqual([1, 2]);
      expect(row.locale).toBe("cs");
    });

    it("cms: banners, blog, info pages with fixed ids, documents", async () => {
      await db
        .insert(banners)
        .values({ groupKey: "banner.promo", locale: "cs", title: "Akce", path: "banners", image: "a.webp" });
      const [blogCategory] = await db
        .insert(blogCategories)
        .values({ slugCs: "novinky", nameCs: "Novinky" })
        .returning();
      await db
        .insert(blogPosts)
        .values({ categoryId: blogCategory.id, slugCs: "prvni", titleCs: "První", publishedAt: new Date() });
      await db.insert(infoPages).values([
        {
          id: 1,
          slugCs: "obchodni-podminky",
          slugEn: "terms",
          titleCs: "Obchodní podmínky",
          titleEn: "Terms",
        },
        { id: 2, slugCs: "gdpr", slugEn: "gdpr", titleCs: "Ochrana osobních údajů", titleEn: "Privacy" },
      ]);
      await db.insert(documents).values({
        titleCs: "Řád aukcí",
        filePath: "docs",
        fileName: "rad.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1024,
      });
      expect((await db.select().from(infoPages)).map((page) => page.id).sort()).toEqual([1, 2]);
    });

    it("messages: a conversation, a system message, a block", async () => {
      const [thread] = await db
        .insert(messageThreads)
        .values({ kind: "conversation", productId: auction.id })
        .returning();
      await db.insert(threadParticipants).values([
        { threadId: thread.id, userId: seller.id, role: "seller" },
        { threadId: thread.id, userId: buyer.id, role: "buyer" },
      ]);
      await db
        .insert(messages)
        .values({ threadId: thread.id, senderId: buyer.id, body: "Dobrý den, je lahev originál?" });
      const [system] = await db.insert(messageThreads).values({ kind: "system" }).returning();
      await db.insert(threadParticipants).values({ threadId: system.id, userId: buyer.id, role: "owner" });
      await db
        .insert(messages)
        .values({ threadId: system.id, event: "outbid", payload: { productId: auction.id } });
      await db.insert(userBlocks).values({ blockerId: buyer.id, blockedId: seller.id });
      await expectRejected(
        () => db.insert(threadParticipants).values({ threadId: thread.id, userId: buyer.id, role: "buyer" }),
        SQLSTATE.unique,
        "thread_participants_pk",
      );
    });

    it("payments: an order with items, a voucher, a payment, an invoice", async () => {
      const [voucher] = await db
        .insert(vouchers)
        .values({
          code: "INFLUENCER",
          kind: "percent",
          value: 10,
          influencerUserId: seller.id,
          marginPercent: 5,
          usageLimitPerUser: 1,
        })
        .returning();
      const [order] = await db
        .insert(orders)
        .values({
          hash: randomBytes(16).toString("hex"),
          userId: buyer.id,
          kind: "shop",
          status: "awaiting_payment",
          email: buyer.email,
          subtotalMinor: 300_000,
          discountMinor: 30_000,
          deliveryMinor: 0,
          totalMinor: 270_000,
          voucherId: voucher.id,
          deliveryAddress: {
            name: "Jan",
            street: "Krátká 2",
            city: "Brno",
            zip: "602 00",
            countryCode: "CZ",
          },
          termsAcceptedAt: new Date(),
        })
        .returning();
      await db.insert(orderItems).values({
        orderId: order.id,
        productId: auction.id,
        description: "Rum",
        quantity: 2,
        unitPriceMinor: 150_000,
      });
      await db.insert(voucherUsages).values({ voucherId: voucher.id, orderId: order.id, userId: buyer.id });
      await db.insert(payments).values({
        orderId: order.id,
        method: "bank_transfer",
        provider: "bank",
        amountMinor: 270_000,
        variableSymbol: String(order.id).padStart(10, "0"),
      });
      // Several payments without a provider id yet are fine; a provider id is unique per provider.
      await db
        .insert(payments)
        .values({ orderId: order.id, method: "test", provider: "test", amountMinor: 270_000 });
      await db
        .insert(payments)
        .values({ orderId: order.id, method: "test", provider: "test", amountMinor: 270_000 });
      await db.insert(payments).values({
        orderId: order.id,
        method: "card",
        provider: "stripe",
        providerPaymentId: "cs_1",
        amountMinor: 1,
      });
      await expectRejected(
        () =>
          db.insert(payments).values({
            orderId: order.id,
            method: "card",
            provider: "stripe",
            providerPaymentId: "cs_1",
            amountMinor: 1,
          }),
        SQLSTATE.unique,
        "payments_provider_payment_id_unique",
      );
      await db.insert(invoices).values({ number: "2025000001", orderId: order.id, payload: { lines: [] } });
      const fee = await db
        .insert(orders)
        .values({
          hash: randomBytes(16).toString("hex"),
          userId: seller.id,
          kind: "promotion",
          productId: auction.id,
          promotionDays: 7,
          email: seller.email,
          totalMinor: 9_900,
        })
        .returning();
      expect(fee[0].currencyCode).toBe("CZK");
    });

    it("reviews, stock watchdogs and the audit log", async () => {
      await db.insert(reviews).values({
        productId: auction.id,
        authorId: seller.id,
        subjectId: buyer.id,
        stars: 5,
        comment: "Vzorný kupec",
      });
      await db.insert(stockWatchdogs).values([
        { userId: buyer.id, kind: "product", productId: auction.id },
        { userId: buyer.id, kind: "category", categoryId: 2, delivery: "daily" },
        { userId: buyer.id, kind: "search", query: "zacapa" },
      ]);
      await expectRejected(
        () => db.insert(stockWatchdogs).values({ userId: buyer.id, kind: "search", query: "zacapa" }),
        SQLSTATE.unique,
        "stock_watchdogs_unique",
      );
      await expectRejected(
        () => db.insert(stockWatchdogs).values({ userId: buyer.id, kind: "category" }),
        SQLSTATE.check,
        "stock_watchdogs_target_check",
      );
      await db.insert(auditLog).values({
        actorId: seller.id,
        action: "product.reject",
        entity: "product",
        entityId: String(auction.id),
        data: { reason: "x" },
      });
    });
  });
});
