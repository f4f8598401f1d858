import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalStorage } from "#server/adapters/storage/index.ts";
import { openTestDatabase } from "#server/db/test-database.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { registerListingJobs, STAGED_SWEEP_QUEUE } from "#server/modules/listings/jobs.ts";
import { photoLikeJpeg } from "#server/test/photo.ts";
import { createListingImageStore as createStore } from "./image-store.ts";
import { encodeListingImage } from "./images.ts";

/** The staged-upload store on a real temporary folder: what the nightly sweep removes and keeps. */
let root: string;
/** The uploads folder of a local storage on DATA_DIR = root. */
let dir: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "rarita-staged-"));
  dir = path.join(root, "uploads");
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const webp = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#1f4f55" } })
    .webp()
    .toBuffer();

async function ageFile(file: string, hours: number) {
  const when = new Date(Date.now() - hours * 3600 * 1000);
  await fs.utimes(file, when, when);
}

describe("sweepStaged", () => {
  it("deletes every user's uploads older than a day, keeps newer ones and the listings' photos", async () => {
    const store = createStore(createLocalStorage(root));
    const staged = async (userId: number) => {
      const result = await store.stage(userId, await webp());
      if (!("token" in result)) throw new Error("not staged");
      return path.join(dir, store.stagedRelative(userId, result.token)!);
    };
    const abandoned = await staged(7);
    const fresh = await staged(7);
    const onlyOld = await staged(8);
    await ageFile(abandoned, 25);
    await ageFile(onlyOld, 30);
    // A listing's stored photo is never the sweep's business, however old.
    const listingPhoto = path.join(dir, "products", "3", `${"a".repeat(32)}.webp`);
    await fs.mkdir(path.dirname(listingPhoto), { recursive: true });
    await fs.writeFile(listingPhoto, await webp());
    await ageFile(listingPhoto, 24 * 90);

    expect(await store.sweepStaged()).toBe(2);
    await expect(fs.access(abandoned)).rejects.toThrow();
    await expect(fs.access(fresh)).resolves.toBeUndefined();
    await expect(fs.access(listingPhoto)).resolves.toBeUndefined();
    // The user whose every upload went leaves no empty folder behind.
    expect((await fs.readdir(path.join(dir, "staging"))).sort()).toEqual(["7"]);
    expect(await store.sweepStaged()).toBe(0);
  });

  it("does nothing when nobody has staged anything yet", async () => {
    expect(await createStore(createLocalStorage(root)).sweepStaged()).toBe(0);
  });
});

describe("the nightly sweep job", () => {
  it("is scheduled at 04:10 Prague time, removes abandoned uploads, expires unpaid listings and prunes the live search words when it runs", async () => {
    const database = await openTestDatabase();
    const jobs = createJobRunner({ database, logger: { info() {}, warn() {}, error() {} } });
    try {
      const store = createStore(createLocalStorage(root));
      const result = await store.stage(5, await webp());
      if (!("token" in result)) throw new Error("not staged");
      const file = path.join(dir, store.stagedRelative(5, result.token)!);
      await ageFile(file, 48);

      let expiryRuns = 0;
      let pruneRuns = 0;
      await registerListingJobs(jobs, store, {
        expireUnpaid: async () => {
          expiryRuns += 1;
          return [];
        },
        pruneLiveWords: async () => {
          pruneRuns += 1;
          return 0;
        },
      });
      await jobs.start();
      const [schedule] = (
        (await database.db.execute(
          sql`select cron, timezone from pgboss.schedule where name = ${STAGED_SWEEP_QUEUE}`,
        )) as unknown as { rows: { cron: string; timezone: string }[] }
      ).rows;
      expect(schedule).toEqual({ cron: "10 4 * * *", timezone: "Europe/Prague" });

      await jobs.send(STAGED_SWEEP_QUEUE, {});
      await vi.waitFor(() => expect(fs.access(file)).rejects.toThrow(), { timeout: 20_000, interval: 100 });
      // The same run expires the listings never paid for.
      await vi.waitFor(() => expect(expiryRuns).toBe(1), { timeout: 20_000, interval: 100 });
      // The search's live words are pruned by the same nightly run (ADR 0147).
      await vi.waitFor(() => expect(pruneRuns).toBe(1), { timeout: 20_000, interval: 100 });
    } finally {
      await jobs.stop();
      await database.dispose();
    }
  });
});

describe("encodeListingImage", () => {
  const photo = () => photoLikeJpeg();

  it("stores a small photo at its size, no larger than at WebP's default effort", async () => {
    const jpeg = await photo();
    expect(jpeg.length).toBeLessThan(45 * 1024);
    const encoded = await encodeListingImage(jpeg);
    if (!("webp" in encoded)) throw new Error(encoded.problem);
    const defaultEffort = () =>
      sharp(jpeg)
        .rotate()
        .resize({ width: 2560, height: 2560, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 88 })
        .toBuffer();
    const reference = await defaultEffort();
    expect(encoded.width).toBe(1280);
    // The cheaper encoding must not cost the visitor bytes; what it saves in CPU is measured in
    // bench/uploads.ts (speed is never asserted in a test).
    expect(encoded.webp.length).toBeLessThan(reference.length * 1.15);
  }, 60_000);
});
