import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyAuctionEnd, weeklyAuctionEnd } from "#core/rules/auction-end.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { brandNameKey } from "#server/modules/catalog/index.ts";
import { brands, packages } from "#server/modules/catalog/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";
import { ACTIVATE_QUEUE, CLOSE_QUEUE } from "../bidding/index.ts";
import { bids } from "../bidding/tables.ts";
import { messages, messageThreads, threadParticipants } from "../messages/tables.ts";
import { settings } from "../settings/tables.ts";
import { userGroups } from "../user-groups/tables.ts";
import { users } from "../users/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { productImages, productStatusChanges, products } from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";

/**
 * The listings API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): photo
 * upload, add with its fee and lifecycle state, edit with the locks of the first bid, cancel,
 * relist, my listings, "write to the seller", and ownership (another user's listing is a 404 and
 * stays as it was).
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let dealer: Account;
let other: Account;
let tree: { root: number; rum: number; jamaica: number; flat: number };
let bottle: number;
let diplomatico: number;

beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  const root = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  const rum = await insertCategory(api.db, { depth: 2, parentId: root.id, nameCs: "Rum", slugCs: "rum" });
  const jamaica = await insertCategory(api.db, {
    depth: 3,
    parentId: rum.id,
    nameCs: "Jamajka",
    slugCs: "jamajka",
  });
  const flat = await insertCategory(api.db, { depth: 1, nameCs: "Doplňky", slugCs: "doplnky" });
  tree = { root: root.id, rum: rum.id, jamaica: jamaica.id, flat: flat.id };
  [{ id: bottle }] = await api.db
    .insert(packages)
    .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
    .returning({ id: packages.id });
  [{ id: diplomatico }] = await api.db
    .insert(brands)
    .values({ name: "Diplomatico", nameKey: brandNameKey("Diplomatico") })
    .returning({ id: brands.id });
  const [group] = await api.db
    .insert(userGroups)
    .values({ name: "Obchodník", discountPercent: 5 })
    .returning();
  // Verified: these two add more than the 10 free listings over the file's tests.
  [seller] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
  [dealer] = await insertBidders(api.db, 1, { groupId: group.id, verifiedAt: new Date() });
  [other] = await insertBidders(api.db, 1);
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

async function png(color = "#8a2be2", width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function upload(token: string | undefined, bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], name, { type }));
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await api.app.request("/api/me/advertisements/images", {
    method: "POST",
    headers,
    body: form,
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

async function stagedToken(account: Account, color?: string) {
  const result = await upload(account.token, await png(color));
  expect(result.status).toBe(201);
  return result.json.data.token as string;
}

async function validInput(account: Account, overrides: Record<string, unknown> = {}) {
  return {
    type: "supply",
    categoryId: tree.root,
    subcategoryId: tree.jamaica,
    brand: "diplomático",
    packageId: bottle,
    name: "Diplomático Ambassadeur",
    priceMinor: 150_000,
    reservePriceMinor: 250_000,
    description: "Láhev v perfektním stavu.\r\n\r\n\r\nHladina do hrdla, etiketa bez poškození.",
    images: [await stagedToken(account)],
    duration: "week",
    ...overrides,
  };
}

const create = (token: string | undefined, body: unknown, lang = "cs") =>
  api.call("POST", `/api/me/advertisements?lang=${lang}`, { token, body });

async function product(id: number) {
  const [row] = await api.db.select().from(products).where(eq(products.id, id));
  return row;
}

async function imagesOf(id: number) {
  return api.db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position));
}

const uploadsDir = () => path.join(api.config.dataDir, "uploads");

describe("photo upload", () => {
  it("stages JPEG, PNG and WebP checked by content, re-encoded without EXIF", async () => {
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#c08040" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "GPS and serial", Artist: "Jan Novák" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await upload(seller.token, withExif, "photo.txt", "text/plain");
    expect(result.status).toBe(201);
    expect(result.json.data).toMatchObject({ width: 80, height: 60 });
    expect(result.json.data.token).toMatch(/^upl_[0-9a-f]{32}$/);
    const file = path.join(uploadsDir(), result.json.data.url.replace(/^\/uploads\//, ""));
    const stored = await sharp(file).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();

    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    expect((await upload(seller.token, webp, "x.webp", "image/webp")).status).toBe(201);
  });

  it("refuses what is not a picture, an empty file and guests", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const refused = await upload(seller.token, svg, "photo.png", "image/png");
    expect(refused.status).toBe(422);
    expect(refused.json.errors.image).toEqual(["Soubor není obrázek ve formátu JPEG, PNG, WebP nebo AVIF."]);
    const text = await upload(seller.token, Buffer.from("not an image at all"), "a.jpg", "image/jpeg");
    expect(text.status).toBe(422);
    const empty = await upload(seller.token, new Uint8Array(0));
    expect(empty.status).toBe(422);
    expect((await upload(undefined, await png())).status).toBe(401);
  });
});

describe("adding a listing", () => {
  it("an auction with a fee awaits payment; the group discount applies; the brand matches regardless of accents", async () => {
    const input = await validInput(dealer);
    const token = input.images[0] as string;
    const result = await create(dealer.token, input);
    expect(result.status).toBe(201);
    const listing = result.json.data;
    expect(listing).toMatchObject({
      format: "auction",
      type: "supply",
      status: "awaiting_payment",
      name: "Diplomático Ambassadeur",
      priceMinor: 150_000,
      reservePriceMinor: 250_000,
      duration: "week",
      endsAt: null,
      fee: { baseMinor: 2900, discountPercent: 5, discountMinor: 145, amountMinor: 2755, paid: false },
      actions: { edit: true, cancel: true, relist: false, top: false },
    });
    expect(listing.url).toMatch(new RegExp(`^/${listing.id}/jamajka/diplomatico-ambassadeur$`));

    const row = await product(listing.id);
    expect(row).toMatchObject({
      sellerId: dealer.user.id,
      categoryId: tree.jamaica,
      brandId: diplomatico,
      packageId: bottle,
      startPriceMinor: 150_000,
      priceMinor: null,
      descriptionCs: "Láhev v perfektním stavu.\n\nHladina do hrdla, etiketa bez poškození.",
    });
    expect(await api.db.select().from(brands)).toHaveLength(1);
    expect(
      await api.db
        .select({ from: productStatusChanges.fromStatus, to: productStatusChanges.toStatus })
        .from(productStatusChanges)
        .where(eq(productStatusChanges.productId, listing.id)),
    ).toEqual([{ from: null, to: "awaiting_payment" }]);
    // The photo moved from the seller's staging folder to the listing's.
    const [image] = await imagesOf(listing.id);
    expect(image.path).toBe(`/uploads/products/${listing.id}`);
    expect(fs.existsSync(path.join(uploadsDir(), "products", String(listing.id), image.fileName))).toBe(true);
    expect(
      fs.existsSync(path.join(uploadsDir(), "staging", String(dealer.user.id), `${token.slice(4)}.webp`)),
    ).toBe(false);
    // Searchable once live: the text is there already.
    expect(row.searchText).toContain("diplomatico");
  });

  it("a free listing goes live at once with its close job, or is scheduled with its activation job", async () => {
    await api.services.settings.put("fees", null, {
      ...FEES,
      insertionMinor: { auction: { week: 0, month: 0 }, classified: 0, demand: 0 },
    });
    try {
      const before = Date.now();
      const live = await create(seller.token, await validInput(seller));
      expect(live.status).toBe(201);
      expect(live.json.data).toMatchObject({ status: "active", fee: { amountMinor: 0, paid: true } });
      const row = await product(live.json.data.id);
      expect(row.activationAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.endsAt!.toISOString()).toBe(weeklyAuctionEnd(row.activationAt!).toISOString());
      const closeJobs = (await api.jobs.list(CLOSE_QUEUE)).filter(
        (job) => (job.data as { productId: number }).productId === row.id,
      );
      expect(closeJobs).toHaveLength(1);

      const activation = new Date(Date.now() + 3 * 24 * 3600 * 1000);
      const later = await create(
        seller.token,
        await validInput(seller, { duration: "month", activationAt: activation.toISOString() }),
      );
      expect(later.status).toBe(201);
      expect(later.json.data).toMatchObject({ status: "scheduled", duration: "month" });
      const scheduled = await product(later.json.data.id);
      expect(scheduled.activationAt!.toISOString()).toBe(activation.toISOString());
      expect(scheduled.endsAt!.toISOString()).toBe(monthlyAuctionEnd(activation).toISOString());
      const activationJobs = (await api.jobs.list(ACTIVATE_QUEUE)).filter(
        (job) => (job.data as { productId: number }).productId === scheduled.id,
      );
      expect(activationJobs).toHaveLength(1);
    } finally {
      await api.services.settings.put("fees", null, FEES);
    }
  });

  it("by agreement is a classified; a demand ad is a classified too, free by the price list", async () => {
    const classified = await create(
      seller.token,
      await validInput(seller, { priceMinor: null, reservePriceMinor: null }),
    );
    expect(classified.status).toBe(201);
    expect(classified.json.data).toMatchObject({
      format: "classified",
      status: "awaiting_payment",
      priceMinor: null,
      duration: null,
      fee: { amountMinor: 1900 },
    });
    const demand = await create(
      seller.token,
      await validInput(seller, {
        type: "demand",
        priceMinor: 90_000,
        reservePriceMinor: null,
        duration: null,
      }),
    );
    expect(demand.status).toBe(201);
    expect(demand.json.data).toMatchObject({
      format: "classified",
      type: "demand",
      status: "active",
      priceMinor: 90_000,
      endsAt: null,
      fee: { amountMinor: 0 },
    });
  });

  it("a fixed price (format classified) is a classified at that price, without a reserve or a length", async () => {
    const fixed = await create(
      seller.token,
      await validInput(seller, {
        format: "classified",
        priceMinor: 120_000,
        reservePriceMinor: null,
        duration: null,
      }),
    );
    expect(fixed.status).toBe(201);
    expect(fixed.json.data).toMatchObject({
      format: "classified",
      type: "supply",
      priceMinor: 120_000,
      duration: null,
      fee: { amountMinor: 1900 },
    });
    const stored = await product(fixed.json.data.id);
    expect(stored).toMatchObject({ format: "classified", priceMinor: 120_000, startPriceMinor: null });
    const editable = await api.services.listings.editable(seller.user.id, stored.id, "cs");
    expect(editable?.input).toMatchObject({ format: "classified", priceMinor: 120_000 });
    const withReserve = await create(
      seller.token,
      await validInput(seller, { format: "classified", priceMinor: 120_000, reservePriceMinor: 200_000 }),
    );
    expect(withReserve.status).toBe(422);
    expect(withReserve.json.errors).toHaveProperty("reservePriceMinor");
  });

  it("adds a new brand once, whatever its spelling", async () => {
    const first = await create(seller.token, await validInput(seller, { brand: "  Hampden   Estate " }));
    const second = await create(seller.token, await validInput(seller, { brand: "HAMPDEN ESTATE" }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const found = await api.db.select().from(brands).where(eq(brands.nameKey, "hampden estate"));
    expect(found).toEqual([expect.objectContaining({ name: "Hampden Estate", createdById: seller.user.id })]);
    expect((await product(first.json.data.id)).brandId).toBe(found[0].id);
    expect((await product(second.json.data.id)).brandId).toBe(found[0].id);
  });

  it("answers 422 with translated field errors and stores nothing", async () => {
    const before = (await api.db.select().from(products)).length;
    const empty = await create(seller.token, {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toMatchObject({
      type: ["Vyberte prosím hodnotu."],
      categoryId: ["Vyberte prosím hodnotu."],
      packageId: ["Vyberte prosím hodnotu."],
      name: ["Pole musí být vyplněno"],
      description: ["Pole musí být vyplněno"],
      images: ["Přidejte prosím alespoň jeden obrázek."],
    });
    const english = await create(seller.token, { ...(await validInput(seller)), images: [] }, "en");
    expect(english.json.errors).toEqual({ images: ["Please add at least one image."] });

    const wrong = await create(seller.token, {
      ...(await validInput(seller)),
      subcategoryId: null,
      name: "ab",
      description: "krátký",
      reservePriceMinor: 100_000,
      activationAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({
      name: ["Vyplňte prosím minimálně 3 znaků."],
      description: ["Vyplňte prosím minimálně 20 znaků."],
      reservePriceMinor: ["Minimální cena musí být vyšší než vyvolávací cena."],
    });
    // Checks that need the database come once the shape is right.
    const tree422 = await create(seller.token, {
      ...(await validInput(seller)),
      subcategoryId: null,
      activationAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(tree422.json.errors).toEqual({
      subcategoryId: ["Vyberte prosím hodnotu."],
      activationAt: ["Datum zahájení nesmí být v minulosti."],
    });
    // A category without subcategories needs none; a subcategory of another branch is refused.
    expect(
      (await create(seller.token, await validInput(seller, { categoryId: tree.flat, subcategoryId: null })))
        .status,
    ).toBe(201);
    const foreignBranch = await create(
      seller.token,
      await validInput(seller, { categoryId: tree.flat, subcategoryId: tree.rum }),
    );
    expect(foreignBranch.json.errors).toEqual({ subcategoryId: ["Vyberte prosím hodnotu."] });
    // Another user's upload is not the seller's to use.
    const theirs = await stagedToken(other);
    const stolen = await create(seller.token, await validInput(seller, { images: [theirs] }));
    expect(stolen.json.errors).toEqual({
      images: ["Obrázek se nepodařilo najít. Nahrajte ho prosím znovu."],
    });
    const thirteen = await create(seller.token, {
      ...(await validInput(seller)),
      images: Array(13).fill(theirs),
    });
    expect(thirteen.json.errors.images).toContain("Obrázků může být nejvýše 12.");
    expect((await api.db.select().from(products)).length).toBe(before + 1);
  });

  it("needs a login and a confirmed e-mail", async () => {
    expect((await create(undefined, {})).status).toBe(401);
    const [unconfirmed] = await insertBidders(api.db, 1, { emailConfirmedAt: null });
    const refused = await create(unconfirmed.token, await validInput(unconfirmed));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/e-mail/i);
    const mine = await api.call("GET", "/api/me/advertisements", { token: unconfirmed.token });
    expect(mine.json.data).toEqual([]);
  });

  /** A new unverified seller whose `count` classifieds all went live once (they count against the quota). */
  async function sellerWithListings(count: number, status: (index: number) => "active" | "ended") {
    const [seller] = await insertBidders(api.db, 1);
    const category = await insertCategory(api.db);
    for (let i = 0; i < count; i++) {
      const row = await insertProduct(api.db, {
        categoryId: category.id,
        format: "classified",
        sellerId: seller.user.id,
        status: status(i),
      });
      await api.db
        .insert(productStatusChanges)
        .values({ productId: row.id, fromStatus: null, toStatus: "active", actorId: seller.user.id });
    }
    return seller;
  }

  it("refuses the 11th listing of an unverified account with a link to verification", async () => {
    const fresh = await sellerWithListings(10, (i) => (i % 2 ? "ended" : "active"));
    const refused = await create(fresh.token, await validInput(fresh));
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      message: "Bez ověřeného účtu můžete přidat nejvýše 10 inzerátů. Pro další si prosím ověřte účet.",
      needsVerification: true,
      verificationUrl: "/ucet/overeny-ucet",
    });
    await api.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, fresh.user.id));
    expect((await create(fresh.token, await validInput(fresh))).status).toBe(201);
  });

  it("gives the last free place to one of three listings submitted at once", async () => {
    const fresh = await sellerWithListings(9, () => "active");
    const inputs = await Promise.all([0, 1, 2].map(() => validInput(fresh)));
    const statuses = (await Promise.all(inputs.map((input) => create(fresh.token, input)))).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([201, 403, 403]);
    const [{ count }] = await api.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.sellerId, fresh.user.id));
    expect(count).toBe(10);
  });
});

describe("editing, cancelling, ownership", () => {
  it("the owner edits everything before the first bid; a lowered start price of a live auction is just the new start, no sale", async () => {
    const created = await create(seller.token, await validInput(seller));
    const id = created.json.data.id;
    const [kept] = await imagesOf(id);
    await api.db.update(products).set({ status: "active" }).where(eq(products.id, id));
    const added = await stagedToken(seller, "#ffcc00");
    const saved = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: {
        ...(await validInput(seller)),
        name: "Diplomático Reserva Exclusiva",
        priceMinor: 120_000,
        reservePriceMinor: null,
        brand: "Nová Palírna",
        images: [added, kept.id],
      },
    });
    expect(saved.status).toBe(200);
    const row = await product(id);
    expect(row).toMatchObject({
      nameCs: "Diplomático Reserva Exclusiva",
      slugCs: "diplomatico-reserva-exclusiva",
      startPriceMinor: 120_000,
      // An auction is never a sale: no old start kept to strike through, not on /produkty/akce.
      originalPriceMinor: null,
      isPriceSaleActive: false,
      reservePriceMinor: null,
    });
    const photos = await imagesOf(id);
    expect(photos.map((photo) => photo.id)).toEqual([photos[0].id, kept.id]);
    expect(photos[0].id).not.toBe(kept.id);
    // The format of a live listing stays: no switch to "by agreement".
    const switched = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: { ...(await validInput(seller)), priceMinor: null, reservePriceMinor: null, images: [kept.id] },
    });
    expect(switched.status).toBe(422);
    expect(switched.json.errors.priceMinor).toEqual([
      "U zaplaceného nebo zveřejněného inzerátu už nelze měnit.",
    ]);
  });

  it("another user's listing is a 404 for reading, editing, cancelling and relisting, and nothing changes", async () => {
    const created = await create(seller.token, await validInput(seller));
    const id = created.json.data.id;
    const before = await product(id);
    const body = { ...(await validInput(other)), name: "Ukradený název" };
    for (const [method, url, payload] of [
      ["GET", `/api/me/advertisements/${id}`, undefined],
      ["PUT", `/api/me/advertisements/${id}`, body],
      ["POST", `/api/me/advertisements/${id}/cancel`, undefined],
      ["POST", `/api/me/advertisements/${id}/relist`, undefined],
    ] as const) {
      const result = await api.call(method, url, { token: other.token, body: payload });
      expect(result.status, `${method} ${url}`).toBe(404);
      expect(result.json).toEqual({ message: expect.any(String) });
    }
    expect(await product(id)).toEqual(before);
    expect((await api.call("GET", "/api/me/advertisements/999999999", { token: seller.token })).status).toBe(
      404,
    );
  });

  it("after the first bid only the description and images (adding) change; cancel is refused", async () => {
    const created = await create(seller.token, await validInput(seller));
    const id = created.json.data.id;
    const [kept] = await imagesOf(id);
    await api.db
      .update(products)
      .set({ status: "active", bidCount: 1, currentPriceMinor: 150_000, leaderId: other.user.id })
      .where(eq(products.id, id));
    await api.db.insert(bids).values({ productId: id, userId: other.user.id, amountMinor: 150_000 });
    const base = { ...(await validInput(seller)), images: [kept.id] };

    const locked = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: {
        ...base,
        priceMinor: 100_000,
        reservePriceMinor: 300_000,
        duration: "month",
        subcategoryId: tree.rum,
      },
    });
    expect(locked.status).toBe(422);
    expect(locked.json.errors).toEqual({
      priceMinor: ["Po prvním příhozu už nelze měnit."],
      reservePriceMinor: ["Po prvním příhozu už nelze měnit."],
      subcategoryId: ["Po prvním příhozu už nelze měnit."],
      duration: [
        "Po prvním příhozu už nelze měnit.",
        "U zaplaceného nebo zveřejněného inzerátu už nelze měnit.",
      ],
    });
    const removed = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: { ...base, images: [await stagedToken(seller)] },
    });
    expect(removed.json.errors).toEqual({
      images: ["Po prvním příhozu nelze obrázky odebírat, jen přidávat."],
    });
    expect((await product(id)).startPriceMinor).toBe(150_000);

    const more = await stagedToken(seller, "#00aa88");
    const ok = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: {
        ...base,
        description: "Nový popis: doplňuji fotografii zadní etikety.",
        images: [kept.id, more],
      },
    });
    expect(ok.status).toBe(200);
    expect((await product(id)).descriptionCs).toBe("Nový popis: doplňuji fotografii zadní etikety.");
    expect(await imagesOf(id)).toHaveLength(2);

    const cancel = await api.call("POST", `/api/me/advertisements/${id}/cancel`, { token: seller.token });
    expect(cancel.status).toBe(409);
    expect(cancel.json.message).toBe("Inzerát s příhozem nelze zrušit: příhoz je závazný.");
    expect((await product(id)).status).toBe("active");
  });

  it("the owner cancels a listing without bids, once; the change is recorded", async () => {
    const created = await create(seller.token, await validInput(seller));
    const id = created.json.data.id;
    const cancelled = await api.call("POST", `/api/me/advertisements/${id}/cancel`, { token: seller.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({
      status: "cancelled",
      actions: { cancel: false, relist: true },
    });
    expect(
      (await api.call("POST", `/api/me/advertisements/${id}/cancel`, { token: seller.token })).status,
    ).toBe(409);
    const changes = await api.db
      .select({ to: productStatusChanges.toStatus, actor: productStatusChanges.actorId })
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, id))
      .orderBy(asc(productStatusChanges.id));
    expect(changes).toEqual([
      { to: "awaiting_payment", actor: seller.user.id },
      { to: "cancelled", actor: seller.user.id },
    ]);
    const edit = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: await validInput(seller),
    });
    expect(edit.status).toBe(409);
  });
});

describe("relisting, my listings, payment release", () => {
  it("relists an auction that ended without a winner as a new listing with its photos, once", async () => {
    const category = await insertCategory(api.db, { depth: 1 });
    const ended = await insertProduct(api.db, {
      categoryId: category.id,
      format: "auction",
      status: "ended",
      sellerId: seller.user.id,
      priceMinor: null,
      startPriceMinor: 80_000,
      reservePriceMinor: 120_000,
      auctionDuration: "month",
      endsAt: new Date(Date.now() - 3600_000),
      endedAt: new Date(Date.now() - 3600_000),
    });
    const folder = path.join(uploadsDir(), "products", String(ended.id));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "1.png"), await png("#123456"));
    await insertProductImage(api.db, ended.id, { path: `/uploads/products/${ended.id}`, fileName: "1.png" });

    const relisted = await api.call("POST", `/api/me/advertisements/${ended.id}/relist`, {
      token: seller.token,
    });
    expect(relisted.status).toBe(201);
    const copy = relisted.json.data;
    expect(copy).toMatchObject({
      format: "auction",
      status: "awaiting_payment",
      name: ended.nameCs,
      startPriceMinor: 80_000,
      reservePriceMinor: 120_000,
      duration: "month",
      fee: { amountMinor: 4900 },
    });
    expect(copy.id).not.toBe(ended.id);
    const [photo] = await imagesOf(copy.id);
    expect(photo.path).toBe(`/uploads/products/${copy.id}`);
    expect(fs.existsSync(path.join(uploadsDir(), "products", String(copy.id), photo.fileName))).toBe(true);
    const [link] = await api.db
      .select()
      .from(listingSubmissions)
      .where(eq(listingSubmissions.productId, copy.id));
    expect(link.relistedFromId).toBe(ended.id);
    expect((await product(ended.id)).status).toBe("ended");

    const again = await api.call("POST", `/api/me/advertisements/${ended.id}/relist`, {
      token: seller.token,
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("Tento inzerát už byl znovu vystaven.");
    const old = await api.call("GET", `/api/me/advertisements/${ended.id}`, { token: seller.token });
    expect(old.json.data.relistedAsId).toBe(copy.id);

    const sold = await insertProduct(api.db, {
      categoryId: category.id,
      format: "auction",
      status: "sold",
      sellerId: seller.user.id,
      winnerId: other.user.id,
      bidCount: 2,
    });
    expect(
      (await api.call("POST", `/api/me/advertisements/${sold.id}/relist`, { token: seller.token })).status,
    ).toBe(409);
  });

  it("lists the seller's own listings with filters, counts, bids and watchers", async () => {
    const [fresh] = await insertBidders(api.db, 1);
    const a = await create(fresh.token, await validInput(fresh));
    const b = await create(
      fresh.token,
      await validInput(fresh, { type: "demand", priceMinor: null, reservePriceMinor: null }),
    );
    const [list] = await api.db.insert(wishlists).values({ userId: other.user.id }).returning();
    await api.db.insert(wishlistItems).values({ wishlistId: list.id, productId: b.json.data.id });

    const all = await api.call("GET", "/api/me/advertisements", { token: fresh.token });
    expect(all.status).toBe(200);
    expect(all.json.data.map((item: { id: number }) => item.id)).toEqual([b.json.data.id, a.json.data.id]);
    expect(all.json.meta).toMatchObject({
      filter: "all",
      page: 1,
      pages: 1,
      counts: { all: 2, active: 1, pending: 1, ended: 0, sold: 0, cancelled: 0 },
    });
    expect(all.json.data[0]).toMatchObject({ watchers: 1, bidCount: 0, status: "active" });
    expect(all.json.data[0].imageUrl).toMatch(/^\/uploads\/products\/\d+\/[0-9a-f]{32}\.webp$/);

    const pending = await api.call("GET", "/api/me/advertisements?filter=pending", { token: fresh.token });
    expect(pending.json.data.map((item: { id: number }) => item.id)).toEqual([a.json.data.id]);
    expect((await api.call("GET", "/api/me/advertisements?filter=nope", { token: fresh.token })).status).toBe(
      422,
    );
    // The account menu's total counts the same listings.
    const statistics = await api.call("GET", "/api/me/advertisements/statistics", { token: fresh.token });
    expect(statistics.json).toEqual({ active: 1, started: 0, total: 2 });
  });

  it("a paid listing is released: live with its end, or scheduled; a repeated payment changes nothing", async () => {
    const created = await create(seller.token, await validInput(seller));
    const id = created.json.data.id;
    expect(await api.services.listings.releaseAfterPayment(id)).toBe(true);
    const row = await product(id);
    expect(row.status).toBe("active");
    expect(row.endsAt!.toISOString()).toBe(weeklyAuctionEnd(row.activationAt!).toISOString());
    expect(await api.services.listings.releaseAfterPayment(id)).toBe(false);
    const [submission] = await api.db
      .select()
      .from(listingSubmissions)
      .where(eq(listingSubmissions.productId, id));
    expect(submission.feePaidAt).not.toBeNull();
  });
});

describe("write to the seller", () => {
  it("opens one conversation about a classified with the first message; own and unknown products are refused", async () => {
    const created = await create(
      seller.token,
      await validInput(seller, { type: "demand", priceMinor: null, reservePriceMinor: null }),
    );
    const id = created.json.data.id;
    const first = await api.call("POST", `/api/products/${id}/contact`, {
      token: other.token,
      body: { message: "Dobrý den,\r\nmám tuto láhev." },
    });
    expect(first.status).toBe(200);
    expect(first.json.data.created).toBe(true);
    const again = await api.call("POST", `/api/products/${id}/contact`, { token: other.token, body: {} });
    expect(again.json.data).toEqual({ threadId: first.json.data.threadId, created: false });

    const participants = await api.db
      .select({ userId: threadParticipants.userId, role: threadParticipants.role })
      .from(threadParticipants)
      .where(eq(threadParticipants.threadId, first.json.data.threadId))
      .orderBy(asc(threadParticipants.role));
    expect(participants).toEqual([
      { userId: other.user.id, role: "buyer" },
      { userId: seller.user.id, role: "seller" },
    ]);
    const [thread] = await api.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.id, first.json.data.threadId));
    expect(thread).toMatchObject({ kind: "conversation", productId: id });
    expect(
      await api.db
        .select({ body: messages.body, senderId: messages.senderId })
        .from(messages)
        .where(and(eq(messages.threadId, thread.id))),
    ).toEqual([{ body: "Dobrý den,\nmám tuto láhev.", senderId: other.user.id }]);

    expect(
      (await api.call("POST", `/api/products/${id}/contact`, { token: seller.token, body: {} })).status,
    ).toBe(409);
    expect(
      (await api.call("POST", "/api/products/999999/contact", { token: other.token, body: {} })).status,
    ).toBe(404);
    expect((await api.call("POST", `/api/products/${id}/contact`, { body: {} })).status).toBe(401);
  });

  it("a user may write about an auction before and after its end; a profile offers the seller's listings to write about", async () => {
    const [auctioneer] = await insertBidders(api.db, 1);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const base = { categoryId: tree.jamaica, format: "auction" as const, sellerId: auctioneer.user.id };
    const live = await insertProduct(api.db, { ...base, nameCs: "Živá aukce", activationAt: ago(2) });
    const ended = await insertProduct(api.db, {
      ...base,
      nameCs: "Skončená aukce",
      status: "ended",
      activationAt: ago(9),
      endedAt: ago(1),
    });
    const sold = await insertProduct(api.db, {
      ...base,
      nameCs: "Prodaná aukce",
      status: "sold",
      activationAt: ago(20),
      endedAt: ago(10),
    });
    await insertProduct(api.db, { ...base, nameCs: "Koncept", status: "draft" });
    await insertProduct(api.db, { ...base, nameCs: "Zrušená", status: "cancelled" });

    for (const product of [live, ended, sold]) {
      const written = await api.call("POST", `/api/products/${product.id}/contact`, {
        token: other.token,
        body: { message: `Dotaz k ${product.nameCs}` },
      });
      expect(written.status).toBe(200);
      expect(written.json.data.created).toBe(true);
      const [participant] = await api.db
        .select({ userId: threadParticipants.userId })
        .from(threadParticipants)
        .where(
          and(
            eq(threadParticipants.threadId, written.json.data.threadId),
            eq(threadParticipants.role, "seller"),
          ),
        );
      expect(participant.userId).toBe(auctioneer.user.id);
    }
    // Still never about one's own listing, ended or not.
    expect(
      (await api.call("POST", `/api/products/${ended.id}/contact`, { token: auctioneer.token, body: {} }))
        .status,
    ).toBe(409);

    const items = await api.services.listings.contactItems(auctioneer.user.id, "cs");
    expect(items.map((item) => item.name)).toEqual(["Živá aukce", "Skončená aukce", "Prodaná aukce"]);
    expect(await api.services.listings.contactItems(other.user.id, "cs")).toEqual([]);
  });
});

it("documents the listings API in the OpenAPI document", async () => {
  const document = await api.call("GET", "/api/openapi.json");
  const paths = Object.keys(document.json.paths);
  for (const expected of [
    "/me/advertisements",
    "/me/advertisements/options",
    "/me/advertisements/images",
    "/me/advertisements/{id}",
    "/me/advertisements/{id}/cancel",
    "/me/advertisements/{id}/relist",
    "/products/{id}/contact",
  ])
    expect(paths).toContain(expected);
  // The input's schema (core/schemas/listing.ts, shared with the add and edit forms) keeps its name and notes.
  const input = document.json.components.schemas.ListingInput;
  expect(input.properties.priceMinor.description).toContain("CZK minor units");
  expect(input.required).toEqual(
    expect.arrayContaining(["type", "categoryId", "packageId", "name", "images"]),
  );
});
