import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/adapters/storage/s3.ts";
import { createLogger } from "#server/logger.ts";
import { startTestS3, type TestS3 } from "#server/test/s3rver.ts";
import { createImageVariants } from "./image-variants.ts";
import { imageVariantHandler, uploadsHandler } from "./routes.ts";

/** S3_SIGNED_URLS (ADR 0094): pictures redirect to the bucket; private files are never served. */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3({ signedUrls: true });
});
afterAll(() => s3.dispose());

function app() {
  const storage = createS3Storage(s3.config);
  const variants = createImageVariants({ storage, logger: createLogger("silent") });
  const hono = new Hono();
  hono.get("/img/*", imageVariantHandler(variants, storage));
  hono.use("/uploads/*", uploadsHandler(storage));
  hono.notFound((c) => c.text("site 404", 404));
  return { hono, storage };
}

describe("signed URLs", () => {
  it("redirect an upload and a variant to the bucket, briefly cached; a missing one is a 404", async () => {
    const { hono, storage } = app();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1f4f55" } })
      .png()
      .toBuffer();
    await storage.put("uploads/products/9/photo.png", png);

    const upload = await hono.request("/uploads/products/9/photo.png");
    expect(upload.status).toBe(302);
    expect(upload.headers.get("cache-control")).toBe("public, max-age=600");
    const location = upload.headers.get("location")!;
    expect(location.startsWith(s3.config.endpoint!)).toBe(true);
    const direct = await fetch(location);
    expect(Buffer.from(await direct.arrayBuffer()).equals(png)).toBe(true);

    const variant = await hono.request("/img/160/products/9/photo.png");
    expect(variant.status).toBe(302);
    const resized = await fetch(variant.headers.get("location")!);
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(160);

    expect((await hono.request("/uploads/products/9/none.png")).status).toBe(404);
    expect((await hono.request("/img/160/products/9/none.png")).status).toBe(404);
  });

  it("never serve or sign a private dispute photo through /uploads", async () => {
    const { hono, storage } = app();
    await storage.put("private/dispute-photos/1/p.webp", Buffer.from("private"));
    for (const url of [
      "/uploads/../private/dispute-photos/1/p.webp",
      "/uploads/%2E%2E/private/dispute-photos/1/p.webp",
    ]) {
      const answer = await hono.request(url);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("location")).toBeNull();
    }
  });
});
