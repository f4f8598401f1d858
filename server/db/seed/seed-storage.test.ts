import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/adapters/storage/s3.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { createLogger } from "#server/logger.ts";
import { startTestS3, type TestS3 } from "#server/test/s3rver.ts";
import * as t from "../schema.ts";
import { openTestDatabase, type TestDatabase } from "../test-database.ts";
import { seedLargeCatalogue } from "./bulk.ts";
import { seedDemoIfEmpty } from "./index.ts";

/**
 * The demo seeded with STORAGE=s3 (ADR 0094): its pictures, banners and documents are in the
 * bucket the server serves them from (s3rver here), none in DATA_DIR; seed:large's shared pictures
 * too.
 */

let database: TestDatabase;
let s3: TestS3;
let storage: ObjectStorage;
let dataDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  storage = createS3Storage(s3.config);
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-seed-s3-"));
  await seedDemoIfEmpty(database.db, { dataDir, storage, logger: createLogger("silent") });
}, 240_000);

afterAll(async () => {
  await database?.dispose();
  await s3?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const keyOf = (folder: string, file: string) => `${folder.replace(/^\//, "")}/${file}`;

describe("the demo seeded into a bucket", () => {
  it("puts a demo product's pictures into the bucket, as SVG, and nothing into DATA_DIR", async () => {
    const [product] = await database.db
      .select({ id: t.products.id })
      .from(t.products)
      .innerJoin(t.productImages, eq(t.productImages.productId, t.products.id))
      .orderBy(asc(t.products.id))
      .limit(1);
    const images = await database.db
      .select()
      .from(t.productImages)
      .where(eq(t.productImages.productId, product.id));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const body = await storage.read(keyOf(image.path, image.fileName));
      expect(body?.toString("utf8"), image.fileName).toMatch(/^<svg/);
    }
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
  });

  it("puts the banners, the blog's pictures and the documents there too", async () => {
    const banners = await database.db.select().from(t.banners);
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) expect(await storage.head(keyOf(banner.path, banner.image))).not.toBeNull();
    const [post] = await database.db.select({ image: t.blogPosts.image }).from(t.blogPosts).limit(1);
    expect(await storage.head(post.image!.replace(/^\//, ""))).not.toBeNull();
    const documents = await database.db.select().from(t.documents);
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) {
      const body = await storage.read(doc.filePath.replace(/^\//, ""));
      expect(body?.subarray(0, 5).toString()).toBe("%PDF-");
      expect(body?.length).toBe(doc.sizeBytes);
    }
  });

  it("lets seed:large put its shared pictures into the same bucket", async () => {
    const result = await seedLargeCatalogue(database.db, { count: 20, dataDir, storage, batchSize: 10 });
    expect(result.products).toBe(20);
    const shared = await storage.list("uploads/products/shared/");
    expect(shared.map((entry) => entry.key)).toContain("uploads/products/shared/rum-2.svg");
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
  });
});
