import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ObjectStorage, ObjectStorageError } from "#server/lib/object-storage.ts";
import { startTestS3, type TestS3 } from "#server/test/s3rver.ts";
import { createLocalStorage, createObjectStorage } from "./index.ts";
import { createS3Storage } from "./s3.ts";

/**
 * The storage's contract (ADR 0094), the same for both adapters: the local directory and an
 * S3-compatible bucket (s3rver, started here on a free port over a temporary folder).
 */
let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-storage-"));
});
afterAll(async () => {
  await s3.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adapters: [string, () => ObjectStorage][] = [
  ["the local directory", () => createLocalStorage(dataDir)],
  ["an S3 bucket", () => createS3Storage(s3.config)],
  // As the server makes it: the SDK loaded at the first call (lazy-s3.ts).
  ["an S3 bucket, configured", () => createObjectStorage({ storage: { kind: "s3", ...s3.config }, dataDir })],
];

const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe.each(adapters)("the storage on %s", (_name, make) => {
  it("keeps an object whole: read, streamed, its size and date", async () => {
    const storage = make();
    const before = Date.now() - 2000;
    await storage.put("uploads/products/1/a.webp", Buffer.from("first photo"));
    expect((await storage.read("uploads/products/1/a.webp"))?.toString()).toBe("first photo");
    const object = await storage.get("uploads/products/1/a.webp");
    expect(object?.size).toBe(11);
    expect(await text(object!.body)).toBe("first photo");
    const info = await storage.head("uploads/products/1/a.webp");
    expect(info?.size).toBe(11);
    expect(info!.lastModified.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("answers a missing object with null, never an error", async () => {
    const storage = make();
    expect(await storage.read("uploads/products/1/none.webp")).toBeNull();
    expect(await storage.get("uploads/products/1/none.webp")).toBeNull();
    expect(await storage.head("uploads/products/1/none.webp")).toBeNull();
    await expect(storage.delete("uploads/products/1/none.webp")).resolves.toBeUndefined();
  });

  it("writes a key twice as once: the second bytes, one object", async () => {
    const storage = make();
    await storage.put("uploads/avatars/b.webp", Buffer.from("one"));
    await storage.put("uploads/avatars/b.webp", Buffer.from("two"));
    expect((await storage.read("uploads/avatars/b.webp"))?.toString()).toBe("two");
    const keys = (await storage.list("uploads/avatars/")).map((entry) => entry.key);
    expect(keys.filter((key) => key === "uploads/avatars/b.webp")).toHaveLength(1);
  });

  it("lists a folder with deeper objects, and deletes one object or a whole folder", async () => {
    const storage = make();
    await storage.put("private/dispute-photos/4/x.webp", Buffer.from("x"));
    await storage.put("private/dispute-photos/4/y.webp", Buffer.from("yy"));
    await storage.put("private/dispute-photos/5/z.webp", Buffer.from("z"));
    const listed = await storage.list("private/dispute-photos/");
    expect(listed.map((entry) => [entry.key, entry.size]).sort()).toEqual([
      ["private/dispute-photos/4/x.webp", 1],
      ["private/dispute-photos/4/y.webp", 2],
      ["private/dispute-photos/5/z.webp", 1],
    ]);
    await storage.delete("private/dispute-photos/5/z.webp");
    expect(await storage.head("private/dispute-photos/5/z.webp")).toBeNull();
    await storage.deletePrefix("private/dispute-photos/4/");
    expect(await storage.list("private/dispute-photos/")).toEqual([]);
    expect(await storage.list("uploads/nothing-here/")).toEqual([]);
  });

  it("refuses a key outside its folders or climbing out of them", async () => {
    const storage = make();
    for (const key of ["../etc/passwd", "uploads/../db/x", "db/pg_control", "uploads/.hidden", "uploads//a"])
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/not an object key/);
    await expect(storage.read("uploads/../../x")).rejects.toThrow(/not an object key/);
  });
});

describe("the S3 adapter when the bucket fails", () => {
  it("reports a clear error when the bucket does not exist", async () => {
    const storage = createS3Storage({ ...s3.config, bucket: "rarita-missing" });
    const failure = await storage.put("uploads/a/b.webp", Buffer.from("x")).catch((error) => error);
    expect(failure).toBeInstanceOf(ObjectStorageError);
    expect(failure.message).toMatch(/object storage: put uploads\/a\/b\.webp failed: .*bucket/i);
  });

  it("fails while the server is down, and the same client reconnects with every object after a restart", async () => {
    const storage = createS3Storage(s3.config);
    await storage.put("uploads/restart/kept.webp", Buffer.from("kept"));
    await s3.stop();
    try {
      const failure = await storage
        .put("uploads/restart/lost.webp", Buffer.from("x"))
        .catch((error) => error);
      expect(failure).toBeInstanceOf(ObjectStorageError);
      await expect(storage.read("uploads/restart/kept.webp")).rejects.toBeInstanceOf(ObjectStorageError);
    } finally {
      await s3.start();
    }
    expect((await storage.read("uploads/restart/kept.webp"))?.toString()).toBe("kept");
    expect(await storage.head("uploads/restart/lost.webp")).toBeNull();
    await storage.put("uploads/restart/after.webp", Buffer.from("after"));
    expect((await storage.read("uploads/restart/after.webp"))?.toString()).toBe("after");
  });
});

describe("signed URLs", () => {
  it("let the browser fetch an object straight from the bucket", async () => {
    const storage = createS3Storage({ ...s3.config, signedUrls: true });
    await storage.put("uploads/blog/c.webp", Buffer.from("cover"), { contentType: "image/webp" });
    const url = await storage.signedUrl!("uploads/blog/c.webp", { expiresInSeconds: 60 });
    // Signed for a minute (s3rver does not check a query signature, so only its presence is asserted).
    expect(url).toMatch(/X-Amz-Expires=60&.*X-Amz-Signature=[0-9a-f]{64}/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("cover");
    expect(createLocalStorage(dataDir).signedUrl).toBeUndefined();
  });

  it("are made by the configured bucket too, and only when asked for", async () => {
    const configured = (signedUrls: boolean) =>
      createObjectStorage({ storage: { kind: "s3", ...s3.config, signedUrls }, dataDir });
    expect(configured(false).signedUrl).toBeUndefined();
    const storage = configured(true);
    await storage.put("uploads/blog/d.webp", Buffer.from("lazy"), { contentType: "image/webp" });
    const response = await fetch(await storage.signedUrl!("uploads/blog/d.webp", { expiresInSeconds: 60 }));
    expect(await response.text()).toBe("lazy");
  });
});
