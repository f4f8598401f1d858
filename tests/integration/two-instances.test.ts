import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/adapters/storage/s3.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { hashPassword } from "#server/modules/auth/index.ts";
import { packages } from "#server/modules/catalog/tables.ts";
import { productStatusChanges, products } from "#server/modules/listings/tables/products.ts";
import { messages } from "#server/modules/messages/tables.ts";
import { settings } from "#server/modules/settings/tables.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import {
  type CrashStorage,
  crash,
  createCleanups,
  prepareCrashStorage,
  waitUntil,
  withDatabase,
  withServices,
} from "#server/test/crash-helpers.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import {
  type Arrival,
  type Browser,
  call,
  type Instance,
  signIn,
  spread,
  startInstance,
  watchStream,
} from "#server/test/instances.ts";
import { testPostgresServer } from "#server/test/postgres-cluster.ts";
import { startTestS3, TEST_BUCKET, type TestS3 } from "#server/test/s3rver.ts";
import { createStubBuild } from "#server/test/server-process.ts";

/**
 * Two instances of the application on one PostgreSQL database (issue 38, items 4 and 8), as a
 * load balancer would spread a site over them: separate processes on separate ports, sharing
 * nothing but the database. Browsers sign in on either, bid on both against one auction and watch
 * it live on both; one instance is killed (SIGKILL) mid-round. Their pictures are in one bucket
 * (STORAGE=s3 on s3rver, ADR 0094), as the check by hand asks: a listing with photos made
 * through A is shown with them by B. On TEST_DATABASE_URL's server, or
 * without one (`npm test`) on a PostgreSQL cluster of its own (server/test/postgres-cluster.ts).
 */

type AuctionEvent = {
  live: { status: string; lastBidId: number; minimumNextBidMinor: number | null };
  bids: { id: number; amountMinor: number }[];
};
type CounterEvent = { counter: { total: number } };
type History = {
  auction: { status: string; bidCount: number; priceMinor: number; minimumNextBidMinor: number };
  bids: { id: number; amountMinor: number }[];
};

const cleanups = createCleanups();
const PASSWORD = "Dve-Instance-2026";
const BIDDERS = 6;
let storage: CrashStorage;
let a: Instance;
let b: Instance;
let auctionId = 0;
let emails: string[] = [];
let throttledEmail = "";
let s3: TestS3;
let photoSellerToken = "";
let categoryId = 0;
let packageId = 0;

beforeAll(async () => {
  storage = await prepareCrashStorage(cleanups, await testPostgresServer(cleanups));
  // Migrated, pg-boss installed and the data in place before either instance starts.
  const passwordHash = await hashPassword(PASSWORD);
  await withServices(storage, async ({ database: { db } }) => {
    await insertAuctionSettings(db, 0);
    const [seller] = await insertBidders(db, 1);
    const bidders = await insertBidders(db, BIDDERS + 1, { passwordHash });
    emails = bidders.slice(0, BIDDERS).map((bidder) => bidder.user.email);
    throttledEmail = bidders[BIDDERS].user.email;
    auctionId = (await insertAuction(db, { sellerId: seller.user.id, startPriceMinor: 100_000 })).id;
    // What a listing with photos needs: fees, a category, a package, a verified seller.
    await db.insert(settings).values({ name: "fees", locale: null, value: FEES });
    categoryId = (await insertCategory(db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" })).id;
    [{ id: packageId }] = await db
      .insert(packages)
      .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
      .returning({ id: packages.id });
    photoSellerToken = (await insertBidders(db, 1, { verifiedAt: new Date() }))[0].token;
  });
  // Stopped after the instances (the clean-ups run last added first).
  s3 = await startTestS3();
  cleanups.add(() => s3.dispose());
  const build = createStubBuild();
  cleanups.add(build.remove);
  // Keys each instance would otherwise draw for itself: a proof-of-work solved for one must pass the other.
  const env = {
    BUILD_DIR: build.name,
    ALTCHA_HMAC_KEY: "two-instances-altcha-key-0123456789abcdef",
    FINGERPRINT_HMAC_KEY: "two-instances-fingerprint-key-0123456789ab",
    STORAGE: "s3",
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  [a, b] = await Promise.all([
    startInstance("a", storage, cleanups, env),
    startInstance("b", storage, cleanups, env),
  ]);
}, 180_000);
afterAll(() => cleanups.run(), 60_000);
// The bounds below are for a loaded machine (load 15 to 20), where a server's start alone took 30
// to 40 s: most of the file's time is the three starts. Nothing is asserted against time.

const streamPath = () => `/api/auctions/${auctionId}/stream`;
const seenBidIds = (events: Arrival<AuctionEvent>[]) =>
  new Set(events.flatMap((e) => e.data.bids.map((x) => x.id)));
/** When each bid id first reached the stream. */
const arrivals = (events: Arrival<AuctionEvent>[]) => {
  const at = new Map<number, number>();
  for (const event of events)
    for (const bid of event.data.bids) if (!at.has(bid.id)) at.set(bid.id, event.at);
  return at;
};

/** One bid at the amount the bidder last saw as the minimum; the answer, and when it came. */
async function bid(instance: Instance, browser: Browser, amount: number) {
  const response = await call(instance, "POST", `/api/auctions/${auctionId}/bids`, browser, { amount });
  const body = (await response.json()) as {
    bids?: { id: number }[];
    auction?: { minimumNextBidMinor: number };
    minimumMinor?: number;
  };
  return { status: response.status, body, at: performance.now() };
}

async function history(instance: Instance): Promise<History> {
  return (await call(instance, "GET", `/api/auctions/${auctionId}/bids`)).json() as Promise<History>;
}

describe("two instances on one PostgreSQL database", () => {
  it("carries a bid accepted on one instance to the live streams and the bell on the other", async () => {
    const [first, second] = [await signIn(a, emails[0], PASSWORD), await signIn(b, emails[1], PASSWORD)];
    const onA = await watchStream<AuctionEvent>(a, streamPath());
    const onB = await watchStream<AuctionEvent>(b, streamPath());
    // The first bidder's bell, open on B while they are outbid through A.
    const bell = await watchStream<CounterEvent>(b, "/api/me/events", first);
    await waitUntil(
      "the streams' first events",
      () => onA.events.length && onB.events.length && bell.events.length,
    );

    const toOther: number[] = [];
    const bellDelays: number[] = [];
    let minimum = 100_000;
    for (let round = 0; round < 6; round++) {
      // Alternately on A and on B, each bidder outbidding the other; watched on the other instance.
      const [here, there, bidder, watcher] = round % 2 === 0 ? [a, onB, first, b] : [b, onA, second, a];
      const answer = await bid(here, bidder, minimum);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = answer.body.bids!.at(-1)!.id;
      minimum = answer.body.auction!.minimumNextBidMinor;
      const arrived = await waitUntil(
        `bid ${id} on ${watcher.name}'s stream`,
        () => arrivals(there.events).get(id),
        {
          timeoutMs: 15_000,
          intervalMs: 10,
        },
      );
      toOther.push(arrived - answer.at);
      if (round % 2 === 1) {
        // The second bidder, on B, outbid the first: their bell on B rings (a notice job, any instance).
        const before = bell.events.length;
        const total = bell.events.at(-1)!.data.counter.total;
        const rang = await waitUntil(
          "the outbid bell",
          () => bell.events.length > before && bell.events.at(-1)!,
          {
            timeoutMs: 15_000,
            intervalMs: 10,
          },
        );
        expect(rang.data.counter.total).toBe(total + 1);
        bellDelays.push(rang.at - answer.at);
      }
    }
    // The requirement is a second; a loaded CI machine is not asserted against, the figures are reported.
    console.info(
      `bid to the other instance's stream: ${spread(toOther)}; outbid to the bell: ${spread(bellDelays)}`,
    );
    await Promise.all([onA.close(), onB.close(), bell.close()]);
  }, 60_000);

  // The limits are counted in PostgreSQL (ADR 0095): ten failures spread over two instances are
  // ten against one limit, not five on each.
  it("counts failed logins made on both instances against one limit", async () => {
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 === 0 ? a : b;
      const answer = await call(instance, "POST", "/api/auth/login", undefined, {
        email: throttledEmail,
        password: `Spatne-Heslo-${i}-xyz`,
      });
      expect(answer.status).toBe(422);
    }
    for (const instance of [a, b]) {
      const next = await call(instance, "POST", "/api/auth/login", undefined, {
        email: throttledEmail,
        password: PASSWORD,
      });
      expect(next.status, instance.name).toBe(429);
    }
  }, 30_000);

  it("shows through B, with its photos, a listing made through A; the photos are in the bucket", async () => {
    const auth = { Authorization: `Bearer ${photoSellerToken}`, Accept: "application/json" };
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a2be2" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
    const staged = await fetch(`${a.origin}/api/me/advertisements/images`, {
      method: "POST",
      headers: { ...auth, Origin: a.origin },
      body: form,
    });
    expect(staged.status).toBe(201);
    const { token } = ((await staged.json()) as { data: { token: string } }).data;
    const created = await fetch(`${a.origin}/api/me/advertisements`, {
      method: "POST",
      headers: { ...auth, Origin: a.origin, "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "supply",
        categoryId,
        packageId,
        name: "Diplomático Ambassadeur",
        priceMinor: 150_000,
        duration: "week",
        description: "Láhev v perfektním stavu, hladina do hrdla, etiketa bez poškození.",
        images: [token],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;

    const shown = await fetch(`${b.origin}/api/me/advertisements/${id}`, { headers: auth });
    expect(shown.status).toBe(200);
    const url = (await shown.text()).match(/\/uploads\/products\/\d+\/[0-9a-f]{32}\.webp/)?.[0];
    if (!url) throw new Error("no photo URL in the listing shown by B");
    const photo = await fetch(`${b.origin}${url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const served = Buffer.from(await photo.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(64);
    // A resized variant, rendered by B (which never had the upload) into the bucket.
    const variant = await fetch(`${b.origin}/img/160${url.slice("/uploads".length)}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");

    const bucket = createS3Storage(s3.config);
    expect((await bucket.read(url.slice(1)))?.equals(served)).toBe(true);
    expect(await bucket.head(`cache/images/160${url.slice("/uploads".length)}.webp`)).not.toBeNull();
    // Neither instance kept a file of its own.
    for (const name of ["a", "b"])
      expect(fs.existsSync(path.join(storage.dataDir, name, "uploads"))).toBe(false);
  }, 60_000);

  it("keeps one consistent history through a SIGKILL of one instance and its restart, and closes the auction once", async () => {
    const browsers = await Promise.all(
      emails.map((email, i) => signIn(i % 2 === 0 ? a : b, email, PASSWORD)),
    );
    const viewer = await watchStream<AuctionEvent>(b, streamPath());
    await waitUntil("the viewer's first event", () => viewer.events.length > 0);

    // Every bidder bids on A and B in turn as fast as the answers come; a call that finds A gone
    // (refused, reset) was never acknowledged, and the browser's retry goes to B.
    const acknowledged: number[] = [];
    const byInstance = { a: 0, b: 0 };
    let minimum = (await history(b)).auction.minimumNextBidMinor;
    let aDown = false;
    let phase: "bidding" | "ending" | "stopped" = "bidding";
    const loops = browsers.map(async (browser, index) => {
      let turn = index;
      while (phase !== "stopped") {
        const instance = !aDown && turn++ % 2 === 0 ? a : b;
        let answer: Awaited<ReturnType<typeof bid>>;
        try {
          answer = await bid(instance, browser, minimum + 5_000 * (index % 3));
        } catch {
          continue;
        }
        if (answer.status === 201) {
          // The rows it added (none when the leader only raised their own maximum).
          acknowledged.push(...answer.body.bids!.map((row) => row.id));
          byInstance[instance.name as "a" | "b"] += 1;
          minimum = Math.max(minimum, answer.body.auction!.minimumNextBidMinor);
        } else if (answer.status === 409)
          return; // ended
        else if (answer.body.minimumMinor) minimum = Math.max(minimum, answer.body.minimumMinor);
      }
    });

    await waitUntil("bids acknowledged on both instances", () => byInstance.a >= 10 && byInstance.b >= 10, {
      timeoutMs: 30_000,
    });
    await crash(a.process);
    aDown = true;
    const atKill = { all: acknowledged.length, a: byInstance.a };
    // A comes back on its port while they bid on B; then they bid on both again.
    const back = a.restart().then(() => (aDown = false));
    await waitUntil("more bids on the survivor", () => acknowledged.length >= atKill.all + 10, {
      timeoutMs: 30_000,
    });
    await back;
    await waitUntil("bids on the restarted instance", () => byInstance.a >= atKill.a + 5, {
      timeoutMs: 30_000,
    });

    // The end comes in a moment, while they still bid on both; whichever instance's job runner
    // takes the close job, the auction closes once and later bids are refused.
    phase = "ending";
    await withServices(storage, async ({ services }) => {
      expect(await services.bidding.moveEnd(auctionId, new Date(Date.now() + 1500))).toBe(true);
    });
    await waitUntil(
      "the close on the survivor's stream",
      () => viewer.events.some((e) => e.data.live.status !== "active"),
      {
        timeoutMs: 30_000,
      },
    );
    phase = "stopped";
    await Promise.all(loops);

    const final = await history(b);
    expect(final.auction.status).toBe("sold");
    const ids = final.bids.map((x) => x.id);
    // One sequence: every acknowledged bid in it, each once, amounts never going down, the
    // count and the price agreeing with it.
    expect(new Set(ids).size).toBe(ids.length);
    expect(acknowledged.filter((id) => !ids.includes(id))).toEqual([]);
    expect(final.auction.bidCount).toBe(ids.length);
    const amounts = final.bids.map((x) => x.amountMinor).reverse();
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeGreaterThanOrEqual(amounts[i - 1]);
    expect(final.auction.priceMinor).toBe(amounts.at(-1));
    // The viewer on the survivor saw every bid, those placed through the killed instance too.
    const seen = seenBidIds(viewer.events);
    expect(ids.filter((id) => !seen.has(id))).toEqual([]);
    await viewer.close();

    await withDatabase(storage, async ({ db }) => {
      const changes = await db
        .select({ to: productStatusChanges.toStatus })
        .from(productStatusChanges)
        .where(eq(productStatusChanges.productId, auctionId));
      expect(changes.map((c) => c.to)).toEqual(["sold"]);
      const [row] = await db
        .select({ winnerId: products.winnerId })
        .from(products)
        .where(eq(products.id, auctionId));
      expect(row.winnerId).not.toBeNull();
      for (const event of ["won", "sold"]) {
        const told = await db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(eq(messages.event, event), sql`(${messages.payload}->>'productId')::int = ${auctionId}`),
          );
        expect(told, event).toHaveLength(1);
      }
    });
    console.info(
      `two instances: ${acknowledged.length} bids acknowledged (${atKill.a} on A before its kill, ${byInstance.a} in all), ${ids.length} in the history`,
    );
  }, 180_000);
});
