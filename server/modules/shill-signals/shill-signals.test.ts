import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { bids } from "../bidding/tables.ts";
import { moderationDecisions } from "../moderation/tables.ts";
import { users } from "../users/tables.ts";
import { createFingerprintRecorder, fingerprintHash, fingerprintKey } from "./fingerprints.ts";
import { createShillSignalsPersonalData } from "./personal-data.ts";
import { accountFingerprints, shillSignals } from "./tables.ts";

/**
 * The signals on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the fingerprints
 * hashed, never raw; a check run twice stores each signal once; a dismissed signal comes back only
 * with a lot it did not cover; the decisions are audited and an action rests on a statement of
 * reasons sent to the bidder.
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let friend: Account;
let moderator: { user: { id: number }; token: string };
let category: number;
const HOUR = 3600 * 1000;

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Rum", slugCs: "rum-shill" })).id;
  [seller, friend] = await insertBidders(api.db, 2, { createdAt: new Date(Date.now() - 400 * 24 * HOUR) });
  moderator = await api.createUser({ role: "moderator" });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

/** An ended auction of the seller, with the friend's bids raising it and someone else winning. */
async function endedLotWithFriendBids(index: number) {
  const ended = new Date(Date.now() - (index + 1) * 24 * HOUR);
  const [winner] = await insertBidders(api.db, 1);
  const lot = await insertProduct(api.db, {
    categoryId: category,
    sellerId: seller.user.id,
    nameCs: `Láhev ${index}`,
    format: "auction",
    status: "ended",
    priceMinor: null,
    startPriceMinor: 100_000,
    endsAt: ended,
    endedAt: ended,
    winnerId: winner.user.id,
  });
  await api.db.insert(bids).values([
    {
      productId: lot.id,
      userId: friend.user.id,
      amountMinor: 110_000,
      createdAt: new Date(ended.getTime() - HOUR),
    },
    {
      productId: lot.id,
      userId: winner.user.id,
      amountMinor: 120_000,
      createdAt: new Date(ended.getTime() - HOUR / 2),
    },
  ]);
  return lot.id;
}

const signalsOf = (bidderId: number) =>
  api.db.select().from(shillSignals).where(eq(shillSignals.bidderId, bidderId));

describe("fingerprints", () => {
  it("keeps only keyed hashes of the device and the address, once per day", async () => {
    const recorder = createFingerprintRecorder(api.db, "k".repeat(40));
    await recorder.seen(friend.user.id, "device-id-of-the-sellers-laptop", "203.0.113.7");
    await recorder.seen(friend.user.id, "device-id-of-the-sellers-laptop", "203.0.113.7");
    const rows = await api.db
      .select()
      .from(accountFingerprints)
      .where(eq(accountFingerprints.userId, friend.user.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(["device", "ip"]);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
    expect(JSON.stringify(rows)).not.toContain("device-id-of");
    expect(rows.find((row) => row.kind === "ip")?.hash).toBe(
      fingerprintHash("k".repeat(40), "ip", "203.0.113.7"),
    );
  });

  it("records a signed-in request's device cookie through the HTTP app", async () => {
    const device = "A".repeat(22);
    await api.call("GET", "/api/auth/me", { token: seller.token, headers: { Cookie: `device=${device}` } });
    await expect
      .poll(
        async () =>
          (
            await api.db
              .select()
              .from(accountFingerprints)
              .where(
                and(eq(accountFingerprints.userId, seller.user.id), eq(accountFingerprints.kind, "device")),
              )
          ).length,
      )
      .toBe(1);
  });
});

describe("the check", () => {
  it("finds the friend who raises the seller's lots and never wins, once however often it runs", async () => {
    for (let index = 0; index < 4; index += 1) await endedLotWithFriendBids(index);
    await api.services.shillSignals.detectNow();
    await api.services.shillSignals.detectNow();
    const found = await signalsOf(friend.user.id);
    const neverWins = found.filter((signal) => signal.kind === "never_wins");
    expect(neverWins).toHaveLength(1);
    expect(neverWins[0]).toMatchObject({ sellerId: seller.user.id, status: "new" });
    expect(neverWins[0].evidence).toEqual({ kind: "never_wins", raised: 4, won: 0, endedElsewhere: 0 });
  });

  it("a dismissed signal stays dismissed until it covers a lot it did not", async () => {
    const [signal] = (await signalsOf(friend.user.id)).filter((one) => one.kind === "never_wins");
    const actor = { actorId: moderator.user.id, ip: null };
    const refused = await api.services.shillSignals.decide(signal.id, { name: "dismiss", note: "" }, actor);
    expect(refused).toMatchObject({ ok: false, code: "invalid" });
    const dismissed = await api.services.shillSignals.decide(
      signal.id,
      { name: "dismiss", note: "Sběratel téže řady, prověřeno." },
      actor,
    );
    expect(dismissed.ok).toBe(true);
    await api.services.shillSignals.detectNow();
    expect((await signalsOf(friend.user.id)).find((one) => one.id === signal.id)?.status).toBe("dismissed");
    await endedLotWithFriendBids(5);
    await api.services.shillSignals.detectNow();
    const reopened = (await signalsOf(friend.user.id)).find((one) => one.id === signal.id);
    expect(reopened).toMatchObject({ status: "new", evidence: { raised: 5 } });
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shill_signal.dismiss"), eq(auditLog.entityId, String(signal.id))));
    expect(audits).toHaveLength(1);
  });

  it("acting records the moderation decision with its statement of reasons, and only once", async () => {
    const [signal] = (await signalsOf(friend.user.id)).filter((one) => one.kind === "never_wins");
    const decided = await api.services.moderation.decide(
      { id: moderator.user.id, ip: null, locale: "cs" },
      {
        action: "suspend_account",
        target: "user",
        targetId: friend.user.id,
        ground: "own_initiative",
        facts: "Účet přihazoval na 5 aukcích jednoho prodávajícího a žádnou nevyhrál.",
        reasons: "Umělé zvyšování ceny podmínky zakazují.",
        termsSection: "fair_dealing",
        suspendedUntil: new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10),
      },
    );
    expect(decided.ok).toBe(true);
    if (!decided.ok) return;
    const actor = { actorId: moderator.user.id, ip: null };
    const acted = await api.services.shillSignals.decide(
      signal.id,
      { name: "act", moderationDecisionId: decided.value.id },
      actor,
    );
    expect(acted.ok).toBe(true);
    const again = await api.services.shillSignals.decide(
      signal.id,
      { name: "dismiss", note: "Omyl." },
      actor,
    );
    expect(again).toMatchObject({ ok: false, code: "conflict" });
    const [decision] = await api.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, decided.value.id));
    expect(decision.facts).toContain("žádnou nevyhrál");
    const [account] = await api.db.select().from(users).where(eq(users.id, friend.user.id));
    expect(account.suspendedUntil?.getTime()).toBeGreaterThan(Date.now());
    const detail = await api.services.shillSignals.detail(signal.id, "cs");
    expect(detail?.decision?.moderationDecisionId).toBe(decided.value.id);
    expect(detail?.lotList[0].bids.map((bid) => bid.bidder.id)).toContain(friend.user.id);
  });

  it("raises nothing for ordinary bidding: bidders who win some and spread their bids", async () => {
    const [collector] = await insertBidders(api.db, 1);
    for (let index = 0; index < 3; index += 1) {
      const ended = new Date(Date.now() - (index + 1) * 24 * HOUR);
      const lot = await insertProduct(api.db, {
        categoryId: category,
        sellerId: seller.user.id,
        format: "auction",
        status: "ended",
        priceMinor: null,
        startPriceMinor: 100_000,
        endsAt: ended,
        endedAt: ended,
        winnerId: index === 0 ? collector.user.id : null,
      });
      await api.db.insert(bids).values({
        productId: lot.id,
        userId: collector.user.id,
        amountMinor: 100_000,
        createdAt: new Date(ended.getTime() - HOUR),
      });
    }
    await api.services.shillSignals.detectNow();
    expect(await signalsOf(collector.user.id)).toEqual([]);
  });
});

describe("personal data", () => {
  it("exports the fingerprints' dates and the signals without the other party; erasure keeps what was acted on", async () => {
    const source = createShillSignalsPersonalData(api.db);
    const exported = (await source.exportFor({ userId: friend.user.id, email: friend.user.email })) as {
      accountFingerprints: { kind: string }[];
      shillSignals: Record<string, unknown>[];
    };
    expect(exported.accountFingerprints.map((row) => row.kind).sort()).toEqual(["device", "ip"]);
    expect(JSON.stringify(exported)).not.toContain(fingerprintHash("k".repeat(40), "ip", "203.0.113.7"));
    expect(exported.shillSignals).toContainEqual(
      expect.objectContaining({ kind: "never_wins", status: "acted", role: "bidder" }),
    );
    expect(JSON.stringify(exported.shillSignals)).not.toContain(String(seller.user.username));
    const [other] = await insertBidders(api.db, 1);
    await api.db.insert(shillSignals).values({
      kind: "shared_ip",
      bidderId: other.user.id,
      sellerId: seller.user.id,
      status: "new",
      productIds: [],
      evidence: { kind: "shared_ip", fingerprint: "00000000", bidderSince: "", sellerSince: "" },
    });
    const erased = await api.db.transaction((tx) =>
      source.eraseFor(tx, { userId: other.user.id, email: other.user.email, at: new Date() }),
    );
    expect(erased).toEqual({ fingerprints: 0, shillSignals: 1 });
    const friendErased = await api.db.transaction((tx) =>
      source.eraseFor(tx, { userId: friend.user.id, email: friend.user.email, at: new Date() }),
    );
    expect(friendErased).toMatchObject({ fingerprints: 2 });
    expect((await signalsOf(friend.user.id)).map((signal) => signal.status)).toContain("acted");
  });
});

describe("the key", () => {
  it("is the configured one, or one drawn once and kept in the data directory", () => {
    expect(fingerprintKey("x".repeat(40), "/nonexistent")).toBe("x".repeat(40));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hshl-key-"));
    try {
      const drawn = fingerprintKey(undefined, dir);
      expect(drawn).toMatch(/^[0-9a-f]{64}$/);
      expect(fingerprintKey(undefined, dir)).toBe(drawn);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
