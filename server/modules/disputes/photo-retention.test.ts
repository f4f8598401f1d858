import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import type { MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { PHOTO_FILES_QUEUE, PHOTO_RETENTION_QUEUE } from "./jobs.ts";
import { DISPUTE_PHOTO_RETENTION_DAYS } from "./retention.ts";
import { dealDisputes } from "./tables.ts";
import { disputesTestApi, photoBytes, shippedDeal } from "./test-fixtures.ts";

/**
 * A dispute's photos in the user's data export and after their time (ADR 0082): the export lists
 * the photos the user attached with a link they can open; the nightly job deletes the photos of
 * disputes that ended longer ago than their retention (and only those), and deleting an account
 * deletes the photos its user attached in disputes that have ended; the page says they were deleted.
 */

let api: TestApi;
let provider: MarketplaceDouble;
type Party = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Party;
let buyer: Party;
let operatorId: number;

beforeAll(async () => {
  ({ api, provider } = await disputesTestApi());
  [seller, buyer] = await insertBidders(api.db, 2);
  operatorId = (await insertBidders(api.db, 1))[0].user.id;
});
afterAll(() => api?.close());

const disputes = () => api.services.disputes;
const DAY_MS = 24 * 60 * 60 * 1000;
const text = "Pečeť je prasklá, posílám fotografie láhve.";
const answer = "Takto jsem láhev balil, viz fotografie.";

/** A dispute the buyer opened with two photos and the seller answered with one. */
async function disputeWithPhotos(sides: { seller: Party; buyer: Party } = { seller, buyer }) {
  const deal = await shippedDeal({ api, provider }, sides.seller, sides.buyer);
  const photos = [await photoBytes(), await photoBytes()];
  const opened = await disputes().open(deal.id, sides.buyer.user.id, { reason: "damaged", text, photos });
  expect(opened.ok).toBe(true);
  expect((await disputes().write(deal.id, sides.seller.user.id, answer, [await photoBytes()])).ok).toBe(true);
  return deal;
}

/** The two sides agree on a refund: the dispute ends. */
async function agree(dealId: number, sides: { seller: Party; buyer: Party } = { seller, buyer }) {
  expect((await disputes().propose(dealId, sides.seller.user.id, 10_000)).ok).toBe(true);
  expect((await disputes().accept(dealId, sides.buyer.user.id)).ok).toBe(true);
}

/** The dispute ended this many days ago. */
async function endedDaysAgo(dealId: number, days: number) {
  const at = new Date(Date.now() - days * DAY_MS);
  await api.db.update(dealDisputes).set({ resolvedAt: at }).where(eq(dealDisputes.dealId, dealId));
}

/** The photos' URLs of a dispute's messages, in order, and what the page says where they went. */
async function photosOf(dealId: number) {
  const view = await disputes().view(dealId);
  return (view?.messages ?? []).map((message) => ({
    urls: (message.photos ?? []).map((photo) => photo.url),
    removed: message.photosRemoved ?? null,
  }));
}

const filesOf = (dealId: number) => {
  const folder = path.join(api.config.dataDir, "private", "dispute-photos", String(dealId));
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

const statusOf = async (url: string, who: Party) =>
  (await api.app.request(url, { headers: { Authorization: `Bearer ${who.token}` } })).status;

async function runJob(queue: string) {
  if (queue === PHOTO_RETENTION_QUEUE) await api.jobs.send(PHOTO_RETENTION_QUEUE, {});
  return api.jobs.runPending(queue);
}

describe("the data export", () => {
  it("lists the photos the user attached, with links they can open, and not the other side's", async () => {
    const deal = await disputeWithPhotos();
    const [opening, reply] = await photosOf(deal.id);
    const exported = async (who: Party) => {
      const response = await api.call("GET", "/api/me/export", { token: who.token });
      expect(response.status).toBe(200);
      return (response.json.disputePhotos as { dealId: number; url: string }[]).filter(
        (photo) => photo.dealId === deal.id,
      );
    };
    const buyers = await exported(buyer);
    expect(buyers.map((photo) => photo.url)).toEqual(
      opening.urls.map((url) => `${api.config.publicUrl}${url}`),
    );
    expect(buyers[0]).toMatchObject({
      dealId: deal.id,
      reason: "damaged",
      role: "buyer",
      format: "image/webp",
    });
    expect(new Date((buyers[0] as unknown as { uploadedAt: string }).uploadedAt).getTime()).toBeGreaterThan(
      0,
    );
    const sellers = await exported(seller);
    expect(sellers.map((photo) => photo.url)).toEqual(
      reply.urls.map((url) => `${api.config.publicUrl}${url}`),
    );
    // The link opens the photo for its author, signed in.
    expect(await statusOf(new URL(buyers[0].url).pathname, buyer)).toBe(200);
  });
});

describe("the photos' retention", () => {
  it("deletes the files and rows of disputes ended longer ago than the retention only, once", async () => {
    const old = await disputeWithPhotos();
    await agree(old.id);
    await endedDaysAgo(old.id, DISPUTE_PHOTO_RETENTION_DAYS + 1);
    const recent = await disputeWithPhotos();
    await agree(recent.id);
    await endedDaysAgo(recent.id, DISPUTE_PHOTO_RETENTION_DAYS - 1);
    const open = await disputeWithPhotos();
    // Decided long ago, but an appeal against the decision waits for its answer: the photos stay.
    const appealed = await disputeWithPhotos();
    await disputes().moveAnswerDeadline(appealed.id, new Date(Date.now() - 1000));
    expect((await disputes().escalate(appealed.id, buyer.user.id)).ok).toBe(true);
    const statement = {
      facts: "Fotografie ukazují neporušenou pečeť; obsah odpovídá inzerátu.",
      grounds: "Obchodní podmínky, Poctivé obchodování: zboží dorazilo, jak bylo popsáno.",
    };
    expect(
      (await disputes().decide(appealed.id, { actorId: operatorId }, { refundMinor: 0, ...statement })).ok,
    ).toBe(true);
    const appeal = "Pečeť byla přelepená, přikládal jsem fotografie; žádám nové posouzení.";
    expect((await disputes().appeals.appealDispute(appealed.id, buyer.user.id, appeal)).ok).toBe(true);
    await endedDaysAgo(appealed.id, DISPUTE_PHOTO_RETENTION_DAYS + 1);
    const oldUrl = (await photosOf(old.id))[0].urls[0];
    const kept = [recent, open, appealed];
    const keptBefore = await Promise.all(kept.map((deal) => photosOf(deal.id)));

    expect(await runJob(PHOTO_RETENTION_QUEUE)).toBe(1);
    expect(filesOf(old.id)).toEqual([]);
    // The page says the photos were deleted where they were, and keeps the texts.
    const after = await photosOf(old.id);
    expect(after).toEqual([
      { urls: [], removed: "retention" },
      { urls: [], removed: "retention" },
    ]);
    expect((await disputes().view(old.id))?.messages.map((message) => message.body)).toEqual([text, answer]);
    expect(await statusOf(oldUrl, buyer)).toBe(404);
    for (const [index, deal] of kept.entries()) {
      expect(await photosOf(deal.id)).toEqual(keptBefore[index]);
      expect(filesOf(deal.id)).toHaveLength(3);
      expect(await statusOf(keptBefore[index][0].urls[0], buyer)).toBe(200);
    }

    // A second run finds nothing to do and harms nothing.
    expect(await runJob(PHOTO_RETENTION_QUEUE)).toBe(1);
    expect(await photosOf(old.id)).toEqual(after);
    for (const [index, deal] of kept.entries()) expect(await photosOf(deal.id)).toEqual(keptBefore[index]);
  });
});

describe("deleting an account", () => {
  it("deletes the photos its user attached in ended disputes, and no one else's", async () => {
    const leaving = await api.createUser({ emailConfirmedAt: new Date(), adultConfirmedAt: new Date() });
    const sides = { seller, buyer: leaving };
    const ended = await disputeWithPhotos(sides);
    await agree(ended.id, sides);
    const open = await disputeWithPhotos(sides);
    const others = await disputeWithPhotos();
    await agree(others.id);
    const [endedOwn, endedReply] = await photosOf(ended.id);
    const openBefore = await photosOf(open.id);
    const othersBefore = await photosOf(others.id);

    const deleted = await api.services.accountData.deleteAccount(
      leaving.user.id,
      { password: leaving.password },
      { ip: "127.0.0.1" },
    );
    expect(deleted.ok).toBe(true);
    expect(await runJob(PHOTO_FILES_QUEUE)).toBe(1);

    // The ended dispute: the leaving buyer's photos are gone, the seller's stay.
    expect(await photosOf(ended.id)).toEqual([
      { urls: [], removed: "erasure" },
      { urls: endedReply.urls, removed: null },
    ]);
    expect(filesOf(ended.id)).toHaveLength(1);
    expect(await statusOf(endedOwn.urls[0], seller)).toBe(404);
    expect(await statusOf(endedReply.urls[0], seller)).toBe(200);
    // The open dispute keeps them until it ends; another buyer's dispute is not touched.
    expect(await photosOf(open.id)).toEqual(openBefore);
    expect(filesOf(open.id)).toHaveLength(3);
    expect(await statusOf(openBefore[0].urls[0], seller)).toBe(200);
    expect(await photosOf(others.id)).toEqual(othersBefore);
    expect(filesOf(others.id)).toHaveLength(3);
  });
});
