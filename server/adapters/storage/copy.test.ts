import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, TEST_BUCKET, type TestS3 } from "#server/test/s3rver.ts";
import { createS3Storage } from "./s3.ts";

/** `npm run storage:copy-to-s3` as an operator runs it: the script, DATA_DIR and a bucket (s3rver). */
const run = promisify(execFile);
let s3: TestS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-copy-"));
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, relative), content);
  };
  write("uploads/products/1/aaaa.webp", "photo one");
  write("uploads/documents/0a1b/terms.pdf", "%PDF-1.4 terms");
  write("private/dispute-photos/3/bbbb.webp", "broken seal");
  // Neither the variants (rendered again) nor the database go to the bucket.
  write("cache/images/160/products/1/aaaa.webp.webp", "variant");
  write("pglite/PG_VERSION", "17");
});
afterAll(async () => {
  await s3.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function copy() {
  const { stdout } = await run(process.execPath, ["scripts/storage-copy-to-s3.ts"], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: s3.config.endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      LOG_LEVEL: "silent",
    },
  });
  return stdout;
}

describe("npm run storage:copy-to-s3", () => {
  it("copies the uploads and the private photos into the bucket once, then only what changed", async () => {
    expect(await copy()).toMatch(/Done: 3 copied .*, 0 already there\./);
    const bucket = createS3Storage(s3.config);
    expect((await bucket.read("uploads/products/1/aaaa.webp"))?.toString()).toBe("photo one");
    expect((await bucket.read("uploads/documents/0a1b/terms.pdf"))?.toString()).toBe("%PDF-1.4 terms");
    expect((await bucket.read("private/dispute-photos/3/bbbb.webp"))?.toString()).toBe("broken seal");
    expect(await bucket.list("cache/")).toEqual([]);

    // Run again: nothing to do.
    expect(await copy()).toMatch(/Done: 0 copied .*, 3 already there\./);
    // A file replaced by one of the same size is copied again (its MD5 differs).
    fs.writeFileSync(path.join(dataDir, "uploads/products/1/aaaa.webp"), "photo two");
    expect(await copy()).toMatch(/Done: 1 copied .*, 2 already there\./);
    expect((await bucket.read("uploads/products/1/aaaa.webp"))?.toString()).toBe("photo two");
  });

  it("stops with a one-line reason when no bucket is named", async () => {
    const failure = await run(process.execPath, ["scripts/storage-copy-to-s3.ts"], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Invalid S3_BUCKET="": STORAGE=s3 needs a bucket/),
    });
  });
});
