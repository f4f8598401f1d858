import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEES } from "#server/db/seed/settings-data.ts";
import { brands, packages } from "#server/modules/catalog/tables.ts";
import { listingPhotos } from "#server/modules/listing-reads/index.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { settings } from "#server/modules/settings/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct, insertProductImage } from "#server/test/fixtures.ts";

/**
 * The evidence of authenticity through the listings API on a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): an auction of a spirit above the threshold is refused without the
 * photos of the capsule and seal, the fill level and the batch code (and a fill level), taken with
 * them; under the threshold, outside the spirits and for a classified no evidence is asked; the
 * setting moves the threshold; a slot's photo is one of the listing's own; an edit keeps it.
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let other: Account;
let tree: { spirits: number; rum: number; accessories: number };
let bottle: number;

const setThreshold = async (crowns: number) => {
  const value = { categoryIds: [tree.spirits], auctionThresholdMinor: crowns * 100 };
  await api.db
    .insert(settings)
    .values({ name: "authenticityEvidence", locale: null, value })
    .onConflictDoUpdate({ target: [settings.name, settings.locale], set: { value } });
};

beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  const spirits = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  const rum = await insertCategory(api.db, { depth: 2, parentId: spirits.id, nameCs: "Rum", slugCs: "rum" });
  const accessories = await insertCategory(api.db, { depth: 1, nameCs: "Doplňky", slugCs: "doplnky" });
  tree = { spirits: spirits.id, rum: rum.id, accessories: accessories.id };
  [{ id: bottle }] = await api.db
    .insert(packages)
    .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
    .returning({ id: packages.id });
  await api.db.insert(brands).values({ name: "Caroni", nameKey: "caroni" });
  [seller] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
  [other] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
  await setThreshold(5_000);
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

let shade = 0;
async function stagedToken(account: Account) {
  shade += 1;
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  const response = await api.app.request("/api/me/advertisements/images", {
    method: "POST",
    headers: { Accept: "application/json", Authorization: `Bearer ${account.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A rum auction starting at `crowns`, with a front photo and the given evidence. */
async function rumAuction(crowns: number, overrides: Record<string, unknown> = {}) {
  return {
    type: "supply",
    categoryId: tree.spirits,
    subcategoryId: tree.rum,
    brand: "Caroni",
    packageId: bottle,
    name: "Caroni 1996 Velier",
    priceMinor: crowns * 100,
    description: "Uzavřená palírna, láhev v původní tubě, hladina v hrdle.",
    images: [await stagedToken(seller)],
    duration: "week",
    ...overrides,
  };
}

/** The three required photos, staged, with the images list that carries them. */
async function requiredEvidence(fillLevel: string | null = "base_of_neck") {
  const [front, seal, level, code] = await Promise.all([1, 2, 3, 4].map(() => stagedToken(seller)));
  return {
    images: [front, seal, level, code],
    evidence: { photos: { capsule_seal: seal, fill_level: level, batch_code: code }, fillLevel },
  };
}

const create = (body: unknown, lang = "cs", token = seller.token) =>
  api.call("POST", `/api/me/advertisements?lang=${lang}`, { token, body });

const count = async () => (await api.db.select({ id: products.id }).from(products)).length;

describe("the threshold rule for spirits auctions", () => {
  it("refuses an auction above the threshold without the three photos, naming each, and saves nothing", async () => {
    const before = await count();
    const refused = await create(await rumAuction(6_000));
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toMatchObject({
      "evidence.photos.capsule_seal": [
        "Aukce lihoviny nad 5\u00a0000\u00a0Kč potřebuje fotku uzávěru a pečeti.",
      ],
      "evidence.photos.fill_level": ["Aukce lihoviny nad 5\u00a0000\u00a0Kč potřebuje fotku výšky hladiny."],
      "evidence.photos.batch_code": [
        "Aukce lihoviny nad 5\u00a0000\u00a0Kč potřebuje fotku kódu šarže nebo láhve.",
      ],
      "evidence.fillLevel": ["Aukce lihoviny nad 5\u00a0000\u00a0Kč potřebuje zvolenou výšku hladiny."],
    });
    expect(refused.json.errors).not.toHaveProperty("evidence.photos.front_label");
    const english = await create(await rumAuction(6_000), "en");
    expect(english.json.errors["evidence.photos.capsule_seal"]).toEqual([
      "A spirits auction above CZK\u00a05\u00a0000 needs a photo of the capsule and seal.",
    ]);
    expect(await count()).toBe(before);
  });

  it("refuses it with two of the three, or without a fill level", async () => {
    const partial = await requiredEvidence();
    delete (partial.evidence.photos as Record<string, string>).batch_code;
    const withTwo = await create(await rumAuction(6_000, partial));
    expect(withTwo.status).toBe(422);
    expect(Object.keys(withTwo.json.errors)).toEqual(["evidence.photos.batch_code"]);
    const withoutLevel = await create(await rumAuction(6_000, await requiredEvidence(null)));
    expect(Object.keys(withoutLevel.json.errors)).toEqual(["evidence.fillLevel"]);
  });

  it("takes it with the three photos and a fill level; the product page's gallery shows them", async () => {
    const evidence = await requiredEvidence("top_shoulder");
    const created = await create(await rumAuction(6_000, evidence));
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;
    const gallery = await api.services.listings.evidence.galleryOf(id);
    expect(gallery?.fillLevel).toBe("top_shoulder");
    expect(gallery?.photos.map((photo) => photo.slot)).toEqual(["capsule_seal", "fill_level", "batch_code"]);
    // Each slot's photo is one of the listing's photos, not a copy.
    const listed = await api.services.listings.evidence.evidenceOf(id);
    const own = new Set((await listingPhotos(api.db, id))?.photos.map((photo) => photo.id));
    expect(Object.values(listed?.photos ?? {}).every((photoId) => own.has(photoId))).toBe(true);
    expect(gallery?.photos.every((photo) => photo.url.startsWith(`/uploads/products/${id}/`))).toBe(true);
  });

  it("asks nothing under the threshold, of a classified, or outside the spirits", async () => {
    expect((await create(await rumAuction(4_000))).status).toBe(201);
    expect((await create(await rumAuction(5_000))).status).toBe(201);
    expect((await create(await rumAuction(9_000, { format: "classified", duration: null }))).status).toBe(
      201,
    );
    const humidor = await rumAuction(9_000, { categoryId: tree.accessories, subcategoryId: null });
    expect((await create(humidor)).status).toBe(201);
  });

  it("counts the reserve: a low start with a reserve above the threshold needs the photos", async () => {
    const refused = await create(await rumAuction(1_000, { reservePriceMinor: 800_000 }));
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty(["evidence.photos.capsule_seal"]);
  });

  it("follows the setting: a higher threshold lets the same auction go without them", async () => {
    await setThreshold(10_000);
    try {
      await expect.poll(async () => (await create(await rumAuction(6_000))).status).toBe(201);
      expect((await create(await rumAuction(12_000))).status).toBe(422);
    } finally {
      await setThreshold(5_000);
    }
    await expect.poll(async () => (await create(await rumAuction(6_000))).status).toBe(422);
  });
});

describe("a slot's photo", () => {
  it("must be one of the listing's photos", async () => {
    const stranger = await stagedToken(seller);
    const body = await rumAuction(2_000, {
      evidence: { photos: { front_label: stranger }, fillLevel: null },
    });
    const refused = await create(body);
    expect(refused.status).toBe(422);
    expect(refused.json.errors["evidence.photos.front_label"]).toEqual([
      "Fotka musí být jednou z fotek tohoto inzerátu.",
    ]);
  });

  it("is refused from another listing or for another seller's listing", async () => {
    const mine = await insertProduct(api.db, {
      categoryId: tree.rum,
      sellerId: seller.user.id,
      format: "classified",
    });
    const theirs = await insertProduct(api.db, {
      categoryId: tree.rum,
      sellerId: other.user.id,
      format: "classified",
    });
    const myPhoto = await insertProductImage(api.db, mine.id);
    const theirPhoto = await insertProductImage(api.db, theirs.id);
    const evidence = api.services.listings.evidence;
    const foreign = await evidence.set(api.db, mine.id, seller.user.id, {
      photos: { capsule_seal: theirPhoto.id },
      fillLevel: null,
    });
    expect(foreign).toMatchObject({ ok: false, code: "invalid" });
    const notTheirs = await evidence.set(api.db, theirs.id, seller.user.id, {
      photos: { capsule_seal: theirPhoto.id },
      fillLevel: "in_neck",
    });
    expect(notTheirs).toMatchObject({ ok: false, code: "not_found" });
    expect(await evidence.evidenceOf(theirs.id)).toBeNull();
    const own = await evidence.set(api.db, mine.id, seller.user.id, {
      photos: { capsule_seal: myPhoto.id },
      fillLevel: "mid_shoulder",
    });
    expect(own.ok).toBe(true);
    expect(await evidence.evidenceOf(mine.id)).toEqual({
      photos: { capsule_seal: myPhoto.id },
      fillLevel: "mid_shoulder",
    });
  });
});

describe("editing", () => {
  it("keeps the evidence when the edit does not send it, replaces it when it does, refuses losing it above the threshold", async () => {
    const created = await create(await rumAuction(6_000, await requiredEvidence()));
    const id = created.json.data.id as number;
    const stored = (await api.services.listings.evidence.evidenceOf(id))!;
    const imageIds = (await listingPhotos(api.db, id))!.photos.map((photo) => photo.id);
    const base = { ...(await rumAuction(6_000)), images: imageIds };
    const kept = await api.call("PUT", `/api/me/advertisements/${id}`, { token: seller.token, body: base });
    expect(kept.status).toBe(200);
    expect(await api.services.listings.evidence.evidenceOf(id)).toEqual(stored);
    const emptied = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: { ...base, evidence: { photos: {}, fillLevel: null } },
    });
    expect(emptied.status).toBe(422);
    const levelChanged = await api.call("PUT", `/api/me/advertisements/${id}`, {
      token: seller.token,
      body: { ...base, evidence: { photos: stored.photos, fillLevel: "upper_shoulder" } },
    });
    expect(levelChanged.status).toBe(200);
    expect((await api.services.listings.evidence.evidenceOf(id))?.fillLevel).toBe("upper_shoulder");
    await api.db.delete(products).where(eq(products.id, id));
    expect(await api.services.listings.evidence.evidenceOf(id)).toBeNull();
  });
});

describe("relisting", () => {
  it("carries the evidence over to the new listing, in its own copies of the photos", async () => {
    const created = await create(await rumAuction(6_000, await requiredEvidence("in_neck")));
    const id = created.json.data.id as number;
    const cancelled = await api.call("POST", `/api/me/advertisements/${id}/cancel`, { token: seller.token });
    expect(cancelled.status).toBe(200);
    const relisted = await api.call("POST", `/api/me/advertisements/${id}/relist`, { token: seller.token });
    expect(relisted.status).toBe(201);
    const copyId = relisted.json.data.id as number;
    expect(copyId).not.toBe(id);
    const gallery = await api.services.listings.evidence.galleryOf(copyId);
    expect(gallery?.fillLevel).toBe("in_neck");
    expect(gallery?.photos.map((photo) => photo.slot)).toEqual(["capsule_seal", "fill_level", "batch_code"]);
    const own = new Set((await listingPhotos(api.db, copyId))?.photos.map((photo) => photo.id));
    const copied = await api.services.listings.evidence.evidenceOf(copyId);
    expect(Object.values(copied?.photos ?? {}).every((photoId) => own.has(photoId))).toBe(true);
  });
});

describe("the report of a suspected fake", () => {
  it("is a notice about a listing with its own reason in the moderators' queue; not about a user", async () => {
    const listing = await insertProduct(api.db, {
      categoryId: tree.rum,
      sellerId: seller.user.id,
      format: "classified",
      status: "active",
    });
    const body = { explanation: "Pečeť vypadá přelepená a kód šarže neodpovídá ročníku." };
    const filed = await api.call("POST", "/api/reports", {
      token: other.token,
      body: { target: "listing", targetId: listing.id, reason: "suspected_fake", ...body },
    });
    expect(filed.status).toBe(201);
    const { rows } = await api.services.moderation.openReports({ limit: 50, offset: 0 });
    expect(rows.find((row) => row.targetId === listing.id)?.reason).toBe("suspected_fake");
    const aboutUser = await api.call("POST", "/api/reports", {
      token: other.token,
      body: { target: "user", targetId: seller.user.id, reason: "suspected_fake", ...body },
    });
    expect(aboutUser.status).toBe(422);
    expect(aboutUser.json.errors).toHaveProperty("reason");
  });
});
