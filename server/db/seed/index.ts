import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { withDiscount } from "#core/rules/fees.ts";
import { createLocalStorage } from "#server/adapters/storage/local.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { Logger } from "#server/logger.ts";
import { hashPassword } from "#server/modules/auth/index.ts";
import { backfillAuctionLeaders } from "#server/modules/bidding/index.ts";
import { searchText } from "#server/modules/catalog/index.ts";
import { issueInvoice } from "#server/modules/invoicing/index.ts";
import { invoicedOrder, variableSymbolOf } from "#server/modules/orders/index.ts";
import { invoiceDetailsOf } from "#server/modules/users/index.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { seedAttributes } from "./attributes.ts";
import { seedStatementOrders } from "./bank-orders.ts";
import { brands as brandSeeds, packages as packageSeeds } from "./brands.ts";
import { buildCategories } from "./categories.ts";
import { blogCategorySeeds, blogPostSeeds, documentSeeds, infoPageSeeds, makePdf } from "./content.ts";
import { seedDemoCollector } from "./demo-collector.ts";
import { seedEvidence } from "./evidence.ts";
import { createSeedFiles, type SeedFiles } from "./files.ts";
import { type PlannedProduct, planDemoProducts } from "./products.ts";
import { createRandom } from "./random.ts";
import { seedSellerDeclarations } from "./seller-declarations.ts";
import { buildSettings, countrySeeds, currencySeeds, FEES } from "./settings-data.ts";
import { seedShillPatterns } from "./shill-patterns.ts";
import { curateShop, seedShopActivity } from "./shop.ts";
import { DEMO_STAFF } from "./staff-data.ts";
import { drawBannerSvg, drawProductSvg } from "./svg.ts";
import { slugify } from "./text.ts";
import { DAY, MINUTE } from "./time.ts";
import { type UserSeed, userSeeds } from "./users-data.ts";

/** A demo account as printed on start; staff also show their TOTP secret (staff-data.ts). */
export type DemoAccount = { role: string; email: string; password: string; totpSecret?: string };

/** The seed of the pseudo-random generator: the same data on every run, only the times follow "now". */
export const DEMO_SEED = 20_250_601;

/** The main demo accounts, in the order they are printed on start. */
export function demoAccounts(): DemoAccount[] {
  return userSeeds
    .filter((user) => user.demoRole)
    .map((user) => ({
      role: user.demoRole!,
      email: user.email,
      password: user.password,
      totpSecret: DEMO_STAFF.find((staff) => staff.email === user.email)?.totpSecret,
    }));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Multi-row inserts in chunks (PostgreSQL allows 65 535 parameters per statement). */
export async function insertChunked<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: T["$inferInsert"][],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

/** After inserting explicit ids, moves the identity sequence past them. */
export async function syncSequence(db: Db | Tx, table: string): Promise<void> {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
    ),
  );
}

/** Draws the product's pictures into the seed's files and returns their product_images rows. */
export function writeProductImages(
  files: SeedFiles,
  product: PlannedProduct,
  nameCs: string,
): (typeof t.productImages.$inferInsert)[] {
  return product.images.map((image, index) => {
    const fileName = `${index + 1}.svg`;
    files.write(
      `uploads/products/${product.id}/${fileName}`,
      drawProductSvg(image, `p${product.id}i${index}`),
    );
    return {
      productId: product.id,
      position: index,
      path: `/uploads/products/${product.id}`,
      fileName,
      width: 400,
      height: 560,
      alt: nameCs,
      createdAt: (product.row.createdAt as Date | undefined) ?? new Date(),
    };
  });
}

/**
 * Loads the demo catalogue into an empty database; returns the demo accounts to print. Does
 * nothing (and returns the same accounts) when the database already has users, so a restart never
 * reseeds. Runs in one transaction under an advisory lock, so two instances starting together on
 * one PostgreSQL database seed once.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: {
    dataDir: string;
    /**
     * Where the demo's pictures, banners and documents go (ADR 0094): the configured storage;
     * by default the local folder DATA_DIR, as they always were.
     */
    storage?: ObjectStorage;
    logger: Logger;
    now?: Date;
    /**
     * The demo's bottlings, archive and frozen price index (demo-collector.ts; default on). Off
     * for seed:large, which makes its own ten years: months the demo froze are never computed
     * again, so they would cut the load's index to the demo's three years.
     */
    collectorData?: boolean;
  },
): Promise<DemoAccount[]> {
  const accounts = demoAccounts();
  if (await hasUsers(db)) return accounts;

  const started = Date.now();
  const now = options.now ?? new Date();
  // Hash each distinct password once, before the transaction (CPU work, in parallel).
  const distinct = [...new Set(userSeeds.map((user) => user.password))];
  const hashes = new Map(
    await Promise.all(distinct.map(async (password) => [password, await hashPassword(password)] as const)),
  );

  let counts: Record<string, number> | null = null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7261726974)`);
    if (await hasUsers(tx)) return;
    const files = createSeedFiles(options.storage ?? createLocalStorage(options.dataDir));
    const seeded = await seed(tx, { files, now, hashes, collectorData: options.collectorData ?? true });
    // Inside the transaction: a put that fails leaves the database empty, to be seeded again.
    counts = { ...seeded, files: await files.flush() };
  });
  if (counts)
    options.logger.info(
      { ...(counts as Record<string, number>), ms: Date.now() - started },
      "demo data seeded",
    );
  return accounts;
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.users);
  return (row?.n ?? 0) > 0;
}

async function seed(
  tx: Tx,
  ctx: { files: SeedFiles; now: Date; hashes: Map<string, string>; collectorData: boolean },
): Promise<Record<string, number>> {
  const { files, now } = ctx;
  const nowMs = now.getTime();
  const rng = createRandom(DEMO_SEED);
  const ago = (ms: number) => new Date(nowMs - ms);

  // Lists.
  await tx.insert(t.countries).values(countrySeeds);
  await tx.insert(t.currencies).values(currencySeeds);

  // Users, groups, addresses.
  const groups = await tx
    .insert(t.userGroups)
    .values([
      { name: "Sběratel VIP", discountPercent: 10 },
      { name: "Ověřený obchodník", discountPercent: 5 },
    ])
    .returning({ id: t.userGroups.id, name: t.userGroups.name });
  const groupId = (key: UserSeed["group"]) =>
    key === "vip" ? groups[0].id : key === "dealer" ? groups[1].id : null;
  const insertedUsers = await tx
    .insert(t.users)
    .values(
      userSeeds.map((user) => {
        const registered = ago(user.registeredDaysAgo * DAY);
        return {
          email: user.email,
          username: user.username,
          passwordHash: ctx.hashes.get(user.password)!,
          firstname: user.firstname,
          lastname: user.lastname,
          phonePrefix: user.phonePrefix,
          phone: user.phone,
          groupId: groupId(user.group),
          role: user.role,
          locale: user.locale,
          emailConfirmedAt: new Date(registered.getTime() + 20 * MINUTE),
          adultConfirmedAt: new Date(registered.getTime() + 25 * MINUTE),
          verifiedAt: user.verified ? new Date(registered.getTime() + 2 * DAY) : null,
          lastLoginAt: ago((user.lastLoginHoursAgo ?? rng.int(1, 72)) * 60 * MINUTE),
          createdAt: registered,
          updatedAt: registered,
        };
      }),
    )
    .returning({ id: t.users.id, email: t.users.email });
  const idByEmail = new Map(insertedUsers.map((user) => [user.email, user.id]));
  const users = new Map(userSeeds.map((user) => [user.handle as string, idByEmail.get(user.email)!]));
  // Every demo account has passed the age check (issue 36) with its bank identity a day after
  // registering, so the demo's bids, deals and orders go on; a new account proves its age first.
  // The subjects' hashes are random: no real identity can ever match them.
  await tx.insert(t.ageVerifications).values(
    userSeeds.map((user) => ({
      userId: idByEmail.get(user.email)!,
      method: "bank_id" as const,
      verifiedAt: new Date(Math.min(nowMs, ago(user.registeredDaysAgo * DAY).getTime() + DAY)),
      subjectHash: randomBytes(32).toString("hex"),
    })),
  );
  const seller = users.get("seller")!;
  const buyer = users.get("buyer")!;
  const admin = users.get("admin")!;
  // The demo staff's second factor, already set up with the printed secrets.
  await tx.insert(t.staffSecondFactors).values(
    DEMO_STAFF.map((staff) => ({
      userId: idByEmail.get(staff.email)!,
      secret: staff.totpSecret,
      confirmedAt: ago(300 * DAY),
    })),
  );

  const addresses: (typeof t.addresses.$inferInsert)[] = [];
  for (const user of userSeeds) {
    const base = {
      userId: users.get(user.handle)!,
      name: `${user.firstname} ${user.lastname}`,
      street: user.street,
      city: user.city,
      zip: user.zip,
      countryCode: user.country,
      phone: user.phone ? `${user.phonePrefix}${user.phone}` : null,
    };
    addresses.push({ ...base, kind: "contact" });
    if (user.company || user.demoRole)
      addresses.push({
        ...base,
        kind: "invoice",
        company: user.company?.name ?? null,
        companyId: user.company?.companyId ?? null,
        taxId: user.company?.taxId ?? null,
      });
    if (user.handle === "buyer") addresses.push({ ...base, kind: "delivery" });
  }
  await tx.insert(t.addresses).values(addresses);
  await seedSellerDeclarations(tx, userSeeds, users, now);

  // Catalogue structure.
  const categories = buildCategories();
  await tx.insert(t.categories).values(
    categories.map((category) => ({
      id: category.id,
      parentId: category.parentId,
      depth: category.depth,
      position: category.position,
      slugCs: category.slugCs,
      slugEn: category.slugEn,
      nameCs: category.nameCs,
      nameEn: category.nameEn,
      descriptionCs: category.descriptionCs,
      descriptionEn: category.descriptionEn,
      // The demo's example of pre-moderation (docs/product/back-office.md, "Moderation"): new cigar
      // listings wait for a moderator.
      premoderated: category.key === "cigars",
    })),
  );
  await syncSequence(tx, "categories");
  const categoryByKey = new Map(categories.map((category) => [category.key, category]));

  const insertedBrands = await tx
    .insert(t.brands)
    .values(brandSeeds.map((brand) => ({ name: brand.name, nameKey: searchText([brand.name]) })))
    .returning({ id: t.brands.id, name: t.brands.name });
  const brandIdByName = new Map(insertedBrands.map((brand) => [brand.name, brand.id]));
  const brandIds = new Map(brandSeeds.map((brand) => [brand.key, brandIdByName.get(brand.name)!]));

  const insertedPackages = await tx
    .insert(t.packages)
    .values(packageSeeds.map((pack, position) => ({ nameCs: pack.nameCs, nameEn: pack.nameEn, position })))
    .returning({ id: t.packages.id, nameCs: t.packages.nameCs });
  const packageIdByName = new Map(insertedPackages.map((pack) => [pack.nameCs, pack.id]));
  const packageIds = new Map(packageSeeds.map((pack) => [pack.key, packageIdByName.get(pack.nameCs)!]));

  // Products, pictures, bids, status history.
  const planned = planDemoProducts({
    rng,
    now,
    categories: categoryByKey,
    brandIds,
    packageIds,
    users,
    firstId: await nextId(tx, "products"),
  });
  // The shop's stock and sales the demo relies on (the last 3 bottles, sold out, on sale).
  curateShop(planned);
  // The shill-bidding patterns the moderators' list shows (ADR 0087), over the planned bids.
  const shill = await seedShillPatterns(tx, {
    planned,
    users,
    now,
    passwordHash: ctx.hashes.values().next().value as string,
  });
  await insertChunked(
    tx,
    t.products,
    planned.map((product) => product.row),
    100,
  );
  await syncSequence(tx, "products");
  const images = planned.flatMap((product) => writeProductImages(files, product, product.row.nameCs));
  await insertChunked(tx, t.productImages, images);
  const bids = planned.flatMap((product) =>
    product.bids.map((bid) => ({
      productId: product.id,
      userId: bid.userId,
      amountMinor: bid.amountMinor,
      maxAmountMinor: bid.maxAmountMinor,
      createdAt: bid.createdAt,
    })),
  );
  await insertChunked(tx, t.bids, bids);
  // The bids were written directly: the auctions' leader columns follow from them.
  await backfillAuctionLeaders(tx);
  await insertChunked(
    tx,
    t.productStatusChanges,
    planned.flatMap((product) =>
      product.statusChanges.map((change) => ({ productId: product.id, ...change })),
    ),
  );

  // Settings, banners, currencies done above; editorial content.
  const featured = [
    "rum",
    "whisky",
    "wine",
    "brandy",
    "cigars",
    "rum-caroni",
    "whisky-japan",
    "accessories",
  ].map((key) => categoryByKey.get(key)!.id);
  // The spirits (not the wine): their sellers are guided through the evidence of authenticity.
  const spiritRoots = ["rum", "whisky", "brandy", "gin", "other-spirits"].map(
    (key) => categoryByKey.get(key)!.id,
  );
  const spirits = new Set(spiritRoots);
  for (const category of categories)
    if (category.parentId !== null && spirits.has(category.parentId)) spirits.add(category.id);
  await tx
    .insert(t.settings)
    .values(buildSettings(featured, spiritRoots, [categoryByKey.get("accessories")!.id]));
  await seedEvidence(tx, files, planned, spirits);
  await seedAttributes(tx, planned, categoryByKey);
  // Bottlings with repeat sales and a frozen price index (issue 37): after the listings and users.
  const collector = ctx.collectorData
    ? await seedDemoCollector(tx, { planned, files, now, rng: createRandom(DEMO_SEED + 37) })
    : {};
  const bannerRows = writeBanners(files);
  await tx.insert(t.banners).values(bannerRows);

  const blogCategories = await tx
    .insert(t.blogCategories)
    .values(blogCategorySeeds.map(({ key: _key, ...category }, position) => ({ ...category, position })))
    .returning({ id: t.blogCategories.id, slugCs: t.blogCategories.slugCs });
  const blogCategoryId = new Map(
    blogCategorySeeds.map((category, index) => [category.key, blogCategories[index].id]),
  );
  const posts = blogPostSeeds.map((post, index) => {
    const published = new Date(nowMs - post.daysAgo * DAY - rng.int(6, 14) * 60 * MINUTE);
    const file = `${index + 1}-${slugify(post.titleCs).slice(0, 40)}.svg`;
    files.write(
      `uploads/blog/${file}`,
      drawBannerSvg({ width: 800, height: 450, title: post.titleCs, text: post.author, hue: post.hue }),
    );
    return {
      categoryId: blogCategoryId.get(post.category)!,
      slugCs: slugify(post.titleCs),
      slugEn: slugify(post.titleEn),
      titleCs: post.titleCs,
      titleEn: post.titleEn,
      perexCs: post.perexCs,
      perexEn: post.perexEn,
      bodyCs: post.bodyCs,
      bodyEn: post.bodyEn,
      image: `/uploads/blog/${file}`,
      authorName: post.author,
      publishedAt: published,
      createdAt: new Date(published.getTime() - DAY),
      updatedAt: published,
    };
  });
  // One draft scheduled for next week, so the blog admin has something in the queue.
  posts.push({
    ...posts[0],
    slugCs: "pripravujeme-velky-test-demerarskych-rumu",
    slugEn: "coming-soon-big-demerara-rum-test",
    titleCs: "Připravujeme: velký test demerarských rumů",
    titleEn: "Coming soon: the big Demerara rum test",
    perexCs: "Port Mourant, Enmore, Versailles a Uitvlugt vedle sebe.",
    perexEn: "Port Mourant, Enmore, Versailles and Uitvlugt side by side.",
    bodyCs: "<p>Článek se připravuje.</p>",
    bodyEn: "<p>Article in preparation.</p>",
    publishedAt: new Date(nowMs + 7 * DAY),
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(t.blogPosts).values(posts);

  await tx
    .insert(t.infoPages)
    .values(infoPageSeeds.map((page) => ({ ...page, publishedAt: ago(30 * DAY), updatedAt: ago(30 * DAY) })));
  await syncSequence(tx, "info_pages");
  await tx.insert(t.documents).values(
    documentSeeds.map((doc, position) => {
      const size = files.write(`uploads/documents/${doc.fileName}`, makePdf(doc.lines));
      return {
        titleCs: doc.titleCs,
        titleEn: doc.titleEn,
        descriptionCs: doc.descriptionCs,
        descriptionEn: doc.descriptionEn,
        filePath: `/uploads/documents/${doc.fileName}`,
        fileName: doc.fileName,
        mimeType: "application/pdf",
        sizeBytes: size,
        position,
        createdAt: ago(60 * DAY),
      };
    }),
  );

  // People's activity: wishlist, watchdogs, newsletter, messages, reviews, orders.
  const extra = await seedActivity(tx, {
    rng,
    now,
    planned,
    users,
    seller,
    buyer,
    admin,
    groups: { vip: 10, dealer: 5 },
  });

  return {
    users: userSeeds.length,
    categories: categories.length,
    brands: brandSeeds.length,
    products: planned.length,
    images: images.length,
    bids: bids.length,
    shillBids: shill.friendBids + shill.newcomerBids,
    blogPosts: posts.length,
    ...collector,
    ...extra,
  };
}

async function nextId(tx: Tx, table: string): Promise<number> {
  const result = await tx.execute(sql.raw(`select coalesce(max(id), 0) + 1 as id from "${table}"`));
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number | string }[] }).rows) as {
    id: number | string;
  }[];
  return Number(rows[0].id);
}

function writeBanners(files: SeedFiles): (typeof t.banners.$inferInsert)[] {
  const specs = [
    {
      group: "banner.promo",
      name: "promo",
      width: 1200,
      height: 200,
      hue: 24,
      cs: {
        title: "Aukce rumů z uzavřených palíren",
        text: "Caroni, Port Mourant a Uitvlugt až do konce měsíce",
        url: "/mesicni-aukce",
      },
      en: {
        title: "Rums from closed distilleries",
        text: "Caroni, Port Mourant and Uitvlugt until the end of the month",
        url: "/en/monthly-auctions",
      },
    },
    {
      group: "banner.promo",
      name: "promo-doprava",
      width: 1200,
      height: 200,
      hue: 200,
      cs: {
        title: "Doprava zdarma nad 1 500 Kč",
        text: "Na vše z našeho obchodu, doručení do 1–3 dnů v Praze",
        url: "/info/4/doprava-a-platba",
      },
      en: {
        title: "Free delivery over 1,500 CZK",
        text: "On everything from our shop, delivery in 1–3 days in Prague",
        url: "/en/info/4/shipping-and-payment",
      },
    },
    {
      group: "banner.popup_desktop",
      name: "popup-desktop",
      width: 800,
      height: 500,
      hue: 12,
      cs: {
        title: "Měsíční aukce končí poslední den ve 20:00",
        text: "Port Ellen, Macallan 25, Pétrus 1998 a box Cohiba Behike",
        url: "/mesicni-aukce",
      },
      en: {
        title: "The monthly auction ends on the last day at 20:00",
        text: "Port Ellen, Macallan 25, Pétrus 1998 and a box of Cohiba Behike",
        url: "/en/monthly-auctions",
      },
    },
    {
      group: "banner.popup_mobile",
      name: "popup-mobile",
      width: 400,
      height: 600,
      hue: 12,
      cs: {
        title: "Měsíční aukce",
        text: "Port Ellen, Macallan 25 a Pétrus 1998 – končí poslední den ve 20:00",
        url: "/mesicni-aukce",
      },
      en: {
        title: "Monthly auction",
        text: "Port Ellen, Macallan 25 and Pétrus 1998, ending on the last day at 20:00",
        url: "/en/monthly-auctions",
      },
    },
  ];
  const rows: (typeof t.banners.$inferInsert)[] = [];
  specs.forEach((spec, position) => {
    for (const locale of ["cs", "en"] as const) {
      const content = spec[locale];
      const image = `${spec.name}-${locale}.svg`;
      files.write(
        `uploads/banners/${image}`,
        drawBannerSvg({
          width: spec.width,
          height: spec.height,
          title: content.title,
          text: content.text,
          hue: spec.hue,
        }),
      );
      rows.push({
        groupKey: spec.group,
        locale,
        title: content.title,
        url: content.url,
        path: "/uploads/banners",
        image,
        position,
      });
    }
  });
  return rows;
}

type ActivityContext = {
  rng: ReturnType<typeof createRandom>;
  now: Date;
  planned: PlannedProduct[];
  users: Map<string, number>;
  seller: number;
  buyer: number;
  admin: number;
  groups: { vip: number; dealer: number };
};

async function seedActivity(tx: Tx, ctx: ActivityContext): Promise<Record<string, number>> {
  const { rng, now, planned, users, seller, buyer } = ctx;
  const nowMs = now.getTime();
  const at = (ms: number) => new Date(Math.round(ms));
  const active = planned.filter((p) => p.row.status === "active");
  const liveAuctions = active.filter((p) => p.row.format === "auction");
  const shop = planned.filter((p) => p.row.format === "shop");

  // Wishlist of the buyer: auctions ending soon, ones they bid on, a shop product.
  const endingSoon = [...liveAuctions].sort(
    (a, b) => (a.row.endsAt as Date).getTime() - (b.row.endsAt as Date).getTime(),
  );
  const watched = [
    ...endingSoon.filter((p) => p.row.sellerId !== buyer).slice(0, 3),
    ...liveAuctions.filter((p) => p.bids.some((bid) => bid.userId === buyer)).slice(0, 2),
    ...shop.filter((p) => (p.row.stock ?? 0) > 0).slice(0, 1),
  ].filter((p, index, list) => list.indexOf(p) === index);
  const [wishlist] = await tx
    .insert(t.wishlists)
    .values({
      userId: buyer,
      tempId: "0b7e6a2c-5d1f-4e3a-8c9b-2f4d6e8a1c3b",
      createdAt: at(nowMs - 90 * DAY),
    })
    .returning({ id: t.wishlists.id });
  await tx.insert(t.wishlistItems).values(
    watched.map((p, index) => ({
      wishlistId: wishlist.id,
      productId: p.id,
      note: index === 0 ? "Hlídat poslední minuty, max. 5 000 Kč" : index === 3 ? "Do sbírky Jamajky" : null,
      createdAt: at(nowMs - (index + 1) * 5 * 60 * MINUTE),
    })),
  );
  // A guest's anonymous wishlist too.
  const [guestList] = await tx
    .insert(t.wishlists)
    .values({ tempId: "6f1c2a4e-8d3b-4c5a-9e7f-1a2b3c4d5e6f", createdAt: at(nowMs - 2 * DAY) })
    .returning({ id: t.wishlists.id });
  await tx
    .insert(t.wishlistItems)
    .values(liveAuctions.slice(5, 7).map((p) => ({ wishlistId: guestList.id, productId: p.id })));

  // Stock watchdogs of the buyer: a sold-out shop product and the Caroni category.
  const soldOut = shop.find((p) => p.row.stock === 0);
  const watchdogs: (typeof t.stockWatchdogs.$inferInsert)[] = [];
  if (soldOut) watchdogs.push({ userId: buyer, kind: "product", productId: soldOut.id });
  const caroni = planned.find((p) => p.brand.key === "caroni");
  if (caroni) watchdogs.push({ userId: buyer, kind: "category", categoryId: caroni.row.categoryId });
  watchdogs.push({
    userId: users.get("collector2")!,
    kind: "search",
    query: "port ellen",
    delivery: "daily",
  });
  await tx.insert(t.stockWatchdogs).values(watchdogs);

  // Newsletter subscribers.
  const rumId = 2;
  const whiskyId = 3;
  await tx.insert(t.subscribers).values([
    {
      email: "kupec@rarita.test",
      userId: buyer,
      selectedCategories: [rumId, whiskyId],
      confirmedAt: at(nowMs - 300 * DAY),
      createdAt: at(nowMs - 300 * DAY),
    },
    {
      email: "jana.sykorova@rarita.test",
      selectedCategories: [rumId],
      confirmedAt: at(nowMs - 40 * DAY),
      createdAt: at(nowMs - 40 * DAY),
    },
    {
      email: "pavel.nemec@rarita.test",
      locale: "en",
      selectedCategories: [whiskyId],
      confirmTokenHash: randomBytes(32).toString("hex"),
      createdAt: at(nowMs - 2 * 60 * MINUTE),
    },
  ]);

  // Messages: conversations between buyer and seller, and system notifications.
  let messageCount = 0;
  const thread = async (
    kind: "conversation" | "system",
    productId: number | null,
    participants: { userId: number; role: "seller" | "buyer" | "owner"; lastReadAt: Date | null }[],
    items: {
      senderId: number | null;
      body: string;
      at: Date;
      event?: string;
      payload?: Record<string, unknown>;
    }[],
  ) => {
    const [row] = await tx
      .insert(t.messageThreads)
      .values({ kind, productId, createdAt: items[0].at, lastMessageAt: items[items.length - 1].at })
      .returning({ id: t.messageThreads.id });
    await tx.insert(t.threadParticipants).values(participants.map((p) => ({ threadId: row.id, ...p })));
    await tx.insert(t.messages).values(
      items.map((item) => ({
        threadId: row.id,
        senderId: item.senderId,
        body: item.body,
        event: item.event ?? null,
        payload: item.payload ?? null,
        createdAt: item.at,
      })),
    );
    messageCount += items.length;
  };

  const activeSince = (p: PlannedProduct) => (p.row.activationAt as Date).getTime();
  const askAbout =
    liveAuctions.find(
      (p) => p.row.sellerId === seller && p.kind !== "cigar-box" && activeSince(p) < nowMs - DAY,
    ) ?? liveAuctions[0];
  const t0 = Math.min(
    Math.max(activeSince(askAbout) + 60 * MINUTE, nowMs - 2 * DAY),
    nowMs - 6 * 60 * MINUTE,
  );
  await thread(
    "conversation",
    askAbout.id,
    [
      { userId: buyer, role: "buyer", lastReadAt: at(t0 + 40 * MINUTE) },
      { userId: seller, role: "seller", lastReadAt: at(t0 + 3 * 60 * MINUTE) },
    ],
    [
      {
        senderId: buyer,
        at: at(t0),
        body: "Dobrý den, můžete prosím poslat fotku kapsle zblízka? A je láhev z vaší sbírky, nebo odkoupená?",
      },
      {
        senderId: seller,
        at: at(t0 + 35 * MINUTE),
        body: "Dobrý den, fotku kapsle jsem přidal do galerie. Láhev mám od roku 2019, koupená přímo v Maison du Whisky v Paříži, účtenku mám.",
      },
      {
        senderId: buyer,
        at: at(t0 + 3 * 60 * MINUTE),
        body: "Děkuji, to mi stačí. Ještě dotaz – posíláte i na Moravu, nebo jen osobní předání?",
      },
      {
        senderId: seller,
        at: at(t0 + 5 * 60 * MINUTE),
        body: "Posílám pojištěným balíkem přes PPL, dobře zabalené v polystyrenu. Doprava 150 Kč.",
      },
    ],
  );

  const classified = active.find(
    (p) => p.row.format === "classified" && p.row.sellerId === seller && p.row.type === "supply",
  );
  if (classified) {
    const t1 = nowMs - 26 * 60 * MINUTE;
    const price = classified.row.priceMinor;
    const offer = price ? Math.round((price * 0.9) / 10000) * 100 : 3000;
    await thread(
      "conversation",
      classified.id,
      [
        { userId: buyer, role: "buyer", lastReadAt: at(t1 + 4 * 60 * MINUTE) },
        { userId: seller, role: "seller", lastReadAt: at(t1 + 2 * 60 * MINUTE) },
      ],
      [
        {
          senderId: buyer,
          at: at(t1),
          body: `Dobrý den, zvážil byste ${offer.toLocaleString("cs-CZ")} Kč? Vyzvedl bych osobně v Praze.`,
        },
        {
          senderId: seller,
          at: at(t1 + 90 * MINUTE),
          body: "Dobrý den, pod cenu jít nechci, ale k láhvi přidám dvě skleničky Glencairn.",
        },
        {
          senderId: buyer,
          at: at(t1 + 4 * 60 * MINUTE),
          body: "Beru, hodila by se vám sobota dopoledne na Vinohradech?",
        },
      ],
    );
  }

  const won = planned.filter((p) => p.row.winnerId === buyer && p.row.sellerId === seller);
  if (won[0]) {
    const end = (won[0].row.endedAt as Date).getTime();
    await thread(
      "conversation",
      won[0].id,
      [
        { userId: buyer, role: "buyer", lastReadAt: at(end + 3 * DAY) },
        { userId: seller, role: "seller", lastReadAt: at(end + 3 * DAY) },
      ],
      [
        {
          senderId: seller,
          at: at(end + 40 * MINUTE),
          body: "Gratuluji k výhře! Pošlete mi prosím doručovací adresu, číslo účtu vám posílám v příloze faktury.",
        },
        {
          senderId: buyer,
          at: at(end + 2 * 60 * MINUTE),
          body: "Díky! Karel Veselý, Horní náměstí 12, 779 00 Olomouc. Platbu posílám dnes.",
        },
        {
          senderId: seller,
          at: at(end + 2 * DAY),
          body: "Platba dorazila, balík odešel přes PPL. Díky za nákup a ať chutná.",
        },
      ],
    );
  }

  const outbid = liveAuctions.find((p) => p.bids.length >= 2 && p.bids[p.bids.length - 2].userId === buyer);
  const systemItems: {
    senderId: null;
    body: string;
    at: Date;
    event: string;
    payload: Record<string, unknown>;
  }[] = [];
  if (won[0])
    systemItems.push({
      senderId: null,
      at: won[0].row.endedAt as Date,
      event: "won",
      body: `Vyhráli jste aukci ${won[0].row.nameCs} za ${((won[0].row.currentPriceMinor ?? 0) / 100).toLocaleString("cs-CZ")} Kč.`,
      payload: { productId: won[0].id, amountMinor: won[0].row.currentPriceMinor },
    });
  if (outbid) {
    const overtaking = outbid.bids[outbid.bids.length - 1];
    systemItems.push({
      senderId: null,
      at: overtaking.createdAt,
      event: "outbid",
      body: `Váš příhoz v aukci ${outbid.row.nameCs} byl překonán. Aktuální cena je ${(overtaking.amountMinor / 100).toLocaleString("cs-CZ")} Kč.`,
      payload: { productId: outbid.id, amountMinor: overtaking.amountMinor },
    });
  }
  const soon = watched.find((p) => p.row.format === "auction");
  if (soon)
    systemItems.push({
      senderId: null,
      at: at(Math.min(nowMs - 5 * MINUTE, (soon.row.endsAt as Date).getTime() - 60 * MINUTE)),
      event: "ending_soon",
      body: `Sledovaná aukce ${soon.row.nameCs} brzy končí.`,
      payload: { productId: soon.id },
    });
  systemItems.sort((a, b) => a.at.getTime() - b.at.getTime());
  if (systemItems.length)
    await thread(
      "system",
      null,
      [{ userId: buyer, role: "owner", lastReadAt: systemItems[0].at }],
      systemItems,
    );

  const soldBySeller = planned.filter((p) => p.row.sellerId === seller && p.row.winnerId);
  const sellerSystem = soldBySeller.slice(0, 3).map((p) => ({
    senderId: null,
    at: p.row.endedAt as Date,
    event: "sold",
    body: `Vaše aukce ${p.row.nameCs} skončila, vydraženo za ${((p.row.currentPriceMinor ?? 0) / 100).toLocaleString("cs-CZ")} Kč.`,
    payload: { productId: p.id, amountMinor: p.row.currentPriceMinor, winnerId: p.row.winnerId },
  }));
  sellerSystem.sort((a, b) => a.at.getTime() - b.at.getTime());
  if (sellerSystem.length)
    await thread(
      "system",
      null,
      [{ userId: seller, role: "owner", lastReadAt: at(nowMs - DAY) }],
      sellerSystem,
    );

  // Reviews of the verified seller by the winners of their auctions, one reply, one review of the buyer.
  const comments = [
    "Vše proběhlo rychle, láhev perfektně zabalená. Doporučuji!",
    "Skvělá komunikace, zboží přesně podle popisu.",
    "Balík dorazil druhý den, kapsle i etiketa v pořádku. Děkuji.",
    "Férový prodejce, přidal i vzorek navíc.",
    "Trochu delší doručení, jinak vše v pořádku.",
    "Korektní jednání, rád nakoupím znovu.",
  ];
  const reviewRows: (typeof t.reviews.$inferInsert)[] = soldBySeller.slice(0, 6).map((p, index) => ({
    productId: p.id,
    authorId: p.row.winnerId!,
    subjectId: seller,
    stars: index === 4 ? 3 : index === 2 ? 4 : 5,
    comment: comments[index],
    reply: index === 4 ? "Omlouvám se za zdržení, přepravce měl výpadek. Díky za trpělivost." : null,
    repliedAt: index === 4 ? at((p.row.endedAt as Date).getTime() + 6 * DAY) : null,
    createdAt: at((p.row.endedAt as Date).getTime() + rng.int(3, 5) * DAY),
  }));
  if (won[0])
    reviewRows.push({
      productId: won[0].id,
      authorId: seller,
      subjectId: buyer,
      stars: 5,
      comment: "Bezproblémový kupec, platba obratem.",
      createdAt: at((won[0].row.endedAt as Date).getTime() + 4 * DAY),
    });
  if (reviewRows.length) await tx.insert(t.reviews).values(reviewRows);

  // The shop: vouchers of every kind and the orders that used them.
  const shopActivity = await seedShopActivity(tx, { now, planned, users, groups: ctx.groups });
  // Orders the sample bank statements (tests/fixtures/bank) pay.
  const statementPaid = await seedStatementOrders(tx, now);

  const discountOf = (userId: number) => {
    const handle = [...users.entries()].find(([, id]) => id === userId)?.[0];
    const group = userSeeds.find((user) => user.handle === handle)?.group;
    return group === "vip" ? ctx.groups.vip : group === "dealer" ? ctx.groups.dealer : 0;
  };
  const sellerEmail = (userId: number) => {
    const handle = [...users.entries()].find(([, id]) => id === userId)?.[0];
    return userSeeds.find((user) => user.handle === handle)!.email;
  };
  let feeOrders = 0;
  for (const p of planned.filter((x) => x.row.status === "awaiting_payment")) {
    const base =
      p.row.format === "auction"
        ? FEES.insertionMinor.auction[(p.row.auctionDuration ?? "week") as "week" | "month"]
        : FEES.insertionMinor.classified;
    const total = withDiscount(base, discountOf(p.row.sellerId!)).amountMinor;
    const [fee] = await tx
      .insert(t.orders)
      .values({
        hash: randomBytes(16).toString("hex"),
        userId: p.row.sellerId,
        kind: "listing_fee",
        status: "awaiting_payment",
        productId: p.id,
        email: sellerEmail(p.row.sellerId!),
        subtotalMinor: base,
        discountMinor: base - total,
        totalMinor: total,
        createdAt: p.row.createdAt as Date,
        updatedAt: p.row.createdAt as Date,
      })
      .returning({ id: t.orders.id });
    await tx.insert(t.orderItems).values({
      orderId: fee.id,
      productId: p.id,
      description: `Poplatek za vložení: ${p.row.nameCs}`,
      unitPriceMinor: base,
    });
    // What the seller owes, as the listings module records it when a listing is added.
    await tx.insert(t.listingSubmissions).values({
      productId: p.id,
      feeBaseMinor: base,
      feeDiscountPercent: discountOf(p.row.sellerId!),
      feeMinor: total,
      createdAt: p.row.createdAt as Date,
      updatedAt: p.row.createdAt as Date,
    });
    feeOrders++;
  }
  let promotionOrders = 0;
  const paidPromotions: { order: typeof t.orders.$inferSelect; paidAt: Date }[] = [];
  for (const p of planned.filter((x) => x.row.toppedUntil && x.row.sellerId)) {
    const until = (p.row.toppedUntil as Date).getTime();
    const paidAt = at(
      Math.min(nowMs - MINUTE, (p.row.activationAt as Date).getTime() + 2 * 60 * MINUTE, until - DAY),
    );
    const days = Math.max(1, Math.min(FEES.promotionMaxDays, Math.ceil((until - paidAt.getTime()) / DAY)));
    const base = days * FEES.promotionPerDayMinor;
    const total = withDiscount(base, discountOf(p.row.sellerId!)).amountMinor;
    const [promo] = await tx
      .insert(t.orders)
      .values({
        hash: randomBytes(16).toString("hex"),
        userId: p.row.sellerId,
        kind: "promotion",
        status: "paid",
        productId: p.id,
        promotionDays: days,
        email: sellerEmail(p.row.sellerId!),
        subtotalMinor: base,
        discountMinor: base - total,
        totalMinor: total,
        createdAt: at(paidAt.getTime() - 2 * MINUTE),
        updatedAt: paidAt,
        paidAt,
      })
      .returning();
    await tx.insert(t.orderItems).values({
      orderId: promo.id,
      productId: p.id,
      description: `Topování na ${days} dní: ${p.row.nameCs}`,
      quantity: days,
      unitPriceMinor: FEES.promotionPerDayMinor,
    });
    await tx.insert(t.payments).values({
      orderId: promo.id,
      method: "bank_transfer",
      provider: "bank",
      status: "paid",
      amountMinor: total,
      variableSymbol: variableSymbolOf(promo.id),
      createdAt: at(paidAt.getTime() - 2 * MINUTE),
      updatedAt: paidAt,
      paidAt,
    });
    paidPromotions.push({ order: promo, paidAt });
    promotionOrders++;
  }
  // The tax documents of the paid promotions and shop orders, in the order they were paid (one
  // series per year without gaps).
  const paidOrders = [
    ...paidPromotions.map((paid) => ({ ...paid, method: "bank_transfer" as const })),
    ...shopActivity.paid,
    ...statementPaid,
  ].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  for (const { order: paid, paidAt, method } of paidOrders)
    await issueInvoice(
      tx,
      await invoicedOrder(tx, paid),
      { method, variableSymbol: variableSymbolOf(paid.id) },
      paidAt,
      invoiceDetailsOf,
    );

  return {
    wishlistItems: watched.length,
    messages: messageCount,
    reviews: reviewRows.length,
    vouchers: shopActivity.vouchers,
    orders: shopActivity.orders + feeOrders + promotionOrders,
  };
}
