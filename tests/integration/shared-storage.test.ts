import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/adapters/storage/s3.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { packages } from "#server/modules/catalog/tables.ts";
import { products } from "#server/modules/listings/tables/products.ts";
import { settings } from "#server/modules/settings/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { startTestS3, TEST_BUCKET, type TestS3 } from "#server/test/s3rver.ts";

/**
 * Two instances of the site on one database and one bucket (ADR 0094), each with its own DATA_DIR:
 * a listing's photos uploaded through A are served by B, and they are in the bucket, not on either
 * instance's disk. With the bucket down, an upload fails with a clear 503 and nothing is recorded.
 */
let s3: TestS3;
let a: TestApi;
let b: TestApi;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let category: number;
let bottle: number;

beforeAll(async () => {
  s3 = await startTestS3();
  const env = {
    STORAGE: "s3",
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  a = await createTestApi(env);
  b = await createTestApi(env, { database: a.database });
  await a.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  const root = await insertCategory(a.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  category = root.id;
  [{ id: bottle }] = await a.db
    .insert(packages)
    .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
    .returning({ id: packages.id });
  [seller] = await insertBidders(a.db, 1, { verifiedAt: new Date() });
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.services.auctionStreams.stop();
  await a?.close();
  await s3?.dispose();
});

async function upload(api: TestApi, token: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a2be2" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  const response = await api.app.request("/api/me/advertisements/images", {
    method: "POST",
    headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

function listingInput(images: string[]) {
  return {
    type: "supply",
    categoryId: category,
    packageId: bottle,
    name: "Diplomático Ambassadeur",
    priceMinor: 150_000,
    duration: "week",
    description: "Láhev v perfektním stavu, hladina do hrdla, etiketa bez poškození.",
    images,
  };
}

describe("two instances on one bucket", () => {
  it("serve through B the photos of a listing created through A; the photos are in the bucket", async () => {
    const staged = await upload(a, seller.token);
    expect(staged.status).toBe(201);
    const created = await a.call("POST", "/api/me/advertisements", {
      token: seller.token,
      body: listingInput([staged.json.data.token]),
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;

    const shown = await b.call("GET", `/api/me/advertisements/${id}`, { token: seller.token });
    expect(shown.status).toBe(200);
    const urls = JSON.stringify(shown.json).match(/\/uploads\/products\/\d+\/[0-9a-f]{32}\.webp/g) ?? [];
    const url = urls[0];
    if (!url) throw new Error("no photo URL in the listing");
    const photo = await b.app.request(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(photo.headers.get("content-security-policy")).toContain("sandbox");
    const served = Buffer.from(await photo.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(64);
    // A resized variant, rendered by B into the bucket.
    const variant = await b.app.request(`/img/160${url.slice("/uploads".length)}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");

    const bucket = createS3Storage(s3.config);
    const key = url.slice(1);
    expect((await bucket.read(key))?.equals(served)).toBe(true);
    expect(await bucket.head(`cache/images/160${url.slice("/uploads".length)}.webp`)).not.toBeNull();
    // Neither instance kept a file of its own.
    for (const api of [a, b]) expect(fs.existsSync(path.join(api.config.dataDir, "uploads"))).toBe(false);
  });

  it("answers a missing picture with a 404 on both", async () => {
    for (const api of [a, b]) {
      expect((await api.app.request(`/img/160/products/999/${"0".repeat(32)}.webp`)).status).toBe(404);
      expect((await api.app.request(`/uploads/products/999/${"0".repeat(32)}.webp`)).status).toBe(404);
      expect((await api.app.request("/uploads/products/..%2F..%2Fprivate/x.webp")).status).toBe(404);
    }
  });

  it("refuses an upload with a clear 503 while the bucket is down, recording nothing", async () => {
    const staged = await upload(a, seller.token);
    expect(staged.status).toBe(201);
    const before = await a.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, seller.user.id));
    await s3.stop();
    try {
      const failed = await upload(a, seller.token);
      expect(failed.status).toBe(503);
      expect(failed.json.message).toBe(
        "Soubory teď nelze uložit ani načíst. Zkuste to prosím za chvíli znovu.",
      );
      const created = await b.call("POST", "/api/me/advertisements", {
        token: seller.token,
        body: listingInput([staged.json.data.token]),
      });
      expect(created.status).toBe(503);
    } finally {
      await s3.start();
    }
    const after = await a.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, seller.user.id));
    expect(after).toEqual(before);
    // Back up: the staged photo is still there, and the same listing saves.
    const created = await b.call("POST", "/api/me/advertisements", {
      token: seller.token,
      body: listingInput([staged.json.data.token]),
    });
    expect(created.status).toBe(201);
  });
});
