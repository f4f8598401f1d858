import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BID_STEPS } from "#server/db/seed/settings-data.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";
import { readSseEvents, sseReader } from "#server/test/sse.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { messages, messageThreads, threadParticipants } from "../messages/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { backfillAuctionLeaders } from "./leaders.ts";
import { CLOSE_QUEUE, OUTBID_QUEUE } from "./queues.ts";
import { type AuctionState, type BidRow, placeBid } from "./rules.ts";
import { bids } from "./tables.ts";
import { withBiddingTestApi } from "./test-fixtures.ts";

const ctx = withBiddingTestApi();

const bid = (token: string | undefined, productId: number, amount: number, max?: number) =>
  ctx.api.call("POST", `/api/auctions/${productId}/bids`, {
    token,
    body: max ? { amount, max } : { amount },
  });

async function storedBids(productId: number) {
  return ctx.api.db.select().from(bids).where(eq(bids.productId, productId)).orderBy(asc(bids.id));
}

async function product(productId: number) {
  const [row] = await ctx.api.db.select().from(products).where(eq(products.id, productId));
  return row;
}

/** System messages of a user, oldest first. */
async function systemMessages(userId: number) {
  return ctx.api.db
    .select({ event: messages.event, body: messages.body, payload: messages.payload })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .innerJoin(threadParticipants, eq(threadParticipants.threadId, messageThreads.id))
    .where(and(eq(threadParticipants.userId, userId), eq(messageThreads.kind, "system")))
    .orderBy(asc(messages.id));
}

describe("placing bids", () => {
  it("refuses with a clear reason and stores nothing: guest, own item, e-mail, age, not started, below the minimum, ended", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [bidder] = await insertBidders(ctx.api.db, 1);
    const [unconfirmed] = await insertBidders(ctx.api.db, 1, { emailConfirmedAt: null });
    const [minor] = await insertBidders(ctx.api.db, 1, { adultConfirmedAt: null });

    const guest = await bid(undefined, auction.id, 100_000);
    expect(guest.status).toBe(401);

    const own = await bid(ctx.seller.token, auction.id, 100_000);
    expect(own.status).toBe(403);
    expect(own.json).toMatchObject({ error: "own_item", message: "Na vlastní aukci přihazovat nelze." });

    const email = await bid(unconfirmed.token, auction.id, 100_000);
    expect(email.status).toBe(403);
    expect(email.json.error).toBe("email_not_confirmed");
    expect(email.json.message).toMatch(/potvrďte prosím svůj e-mail/);

    const age = await bid(minor.token, auction.id, 100_000);
    expect(age.status).toBe(403);
    expect(age.json.error).toBe("adult_not_confirmed");

    const scheduled = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, status: "scheduled" });
    const early = await bid(bidder.token, scheduled.id, 100_000);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({
      error: "not_active",
      message: "Aukce ještě nezačala, přihazovat zatím nelze.",
    });

    const low = await bid(bidder.token, auction.id, 99_900);
    expect(low.status).toBe(422);
    expect(low.json).toMatchObject({
      error: "below_minimum",
      minimumMinor: 100_000,
      errors: { amount: ["Nejnižší možný příhoz je 1\u00a0000,00\u00a0Kč."] },
    });
    const english = await ctx.api.call("POST", `/api/auctions/${auction.id}/bids?lang=en`, {
      token: bidder.token,
      body: { amount: 99_900 },
    });
    expect(english.json.errors.amount).toEqual(["The lowest possible bid is CZK\u00a01,000.00."]);

    const maxLow = await bid(bidder.token, auction.id, 100_000, 90_000);
    expect(maxLow.status).toBe(422);
    expect(maxLow.json.errors.max).toEqual(["Maximum musí být alespoň tak vysoké jako příhoz."]);

    const over = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: -1000 });
    const late = await bid(bidder.token, over.id, 100_000);
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ error: "ended", message: "Aukce už skončila, přihazovat nelze." });

    const missing = await bid(bidder.token, 2_000_000_000, 100_000);
    expect(missing.status).toBe(404);
    const invalid = await bid(bidder.token, auction.id, -5);
    expect(invalid.status).toBe(422);

    expect(await storedBids(auction.id)).toEqual([]);
    expect(await storedBids(over.id)).toEqual([]);
    expect((await product(auction.id)).bidCount).toBe(0);
  });

  it("a maximum answers a lower bid at once, one step above it; the history masks bidders and hides maxima", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [anna, bob] = await insertBidders(ctx.api.db, 2);

    const first = await bid(anna.token, auction.id, 100_000, 200_000);
    expect(first.status).toBe(201);
    expect(first.json.auction).toMatchObject({
      priceMinor: 100_000,
      bidCount: 1,
      minimumNextBidMinor: 105_000,
    });
    expect(first.json.you).toEqual({
      leading: true,
      hasBid: true,
      maxMinor: 200_000,
      won: false,
      threadId: null,
      dealId: null,
    });

    const second = await bid(bob.token, auction.id, 150_000);
    expect(second.status).toBe(201);
    // Bob's 1 500 Kč is answered by Anna's proxy one step (50 Kč) above it.
    expect(second.json.you.leading).toBe(false);
    expect(second.json.auction).toMatchObject({ priceMinor: 155_000, bidCount: 3 });
    expect(
      second.json.bids.map((b: { amountMinor: number; automatic: boolean }) => [b.amountMinor, b.automatic]),
    ).toEqual([
      [150_000, false],
      [155_000, true],
    ]);

    const history = await ctx.api.call("GET", `/api/auctions/${auction.id}/bids`, { token: bob.token });
    expect(history.status).toBe(200);
    expect(history.json.bids.map((b: { amountMinor: number }) => b.amountMinor)).toEqual([
      155_000, 150_000, 100_000,
    ]);
    const masked = anna.user.username;
    expect(history.json.bids[0].bidder).toBe(`${masked[0]}***${masked[masked.length - 1]}`);
    expect(history.text).not.toContain("200000");
    expect(history.json.you).toEqual({
      leading: false,
      hasBid: true,
      maxMinor: 150_000,
      won: false,
      threadId: null,
      dealId: null,
    });

    // Raising her own maximum moves nothing public and is not a bid.
    const raise = await bid(anna.token, auction.id, 155_000, 300_000);
    expect(raise.status).toBe(201);
    expect(raise.json.auction).toMatchObject({ priceMinor: 155_000, bidCount: 3 });
    expect(raise.json.bids).toEqual([]);
    const again = await bid(anna.token, auction.id, 155_000, 250_000);
    expect(again.status).toBe(422);
    expect(again.json.error).toBe("max_not_raised");
    const kinds = (await storedBids(auction.id)).map((row) => row.kind);
    expect(kinds).toEqual(["manual", "manual", "automatic", "max_raise"]);

    // The outbid job tells Bob once, even when it runs again.
    expect(await ctx.api.jobs.runPending(OUTBID_QUEUE)).toBe(0);
    const third = await bid(bob.token, auction.id, 400_000);
    expect(third.json.you.leading).toBe(true);
    // A plain bid above the standing maximum stands as it was made.
    expect(third.json.auction.priceMinor).toBe(400_000);
    expect(await ctx.api.jobs.runPending(OUTBID_QUEUE)).toBe(1);
    await ctx.api.services.bidding.notifyOutbid({
      productId: auction.id,
      userId: anna.user.id,
      bidId: third.json.auction.lastBidId,
    });
    const annaMessages = await systemMessages(anna.user.id);
    expect(annaMessages.map((m) => m.event)).toEqual(["outbid"]);
    expect(annaMessages[0].body).toContain("Aktuální cena je 4\u00a0000,00\u00a0Kč.");
    await ctx.api.deliverMail();
    expect(ctx.api.sentMail.filter((m) => m.to === anna.user.email).map((m) => m.subject)).toEqual([
      `Byli jste přehozeni: ${auction.nameCs}`,
    ]);
  });

  it("a bid in the last two minutes moves the end to two minutes after it; an earlier one does not", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: 60_000 });
    const [bidder] = await insertBidders(ctx.api.db, 1);
    const before = Date.now();
    const response = await bid(bidder.token, auction.id, 100_000);
    expect(response.status).toBe(201);
    expect(response.json.extended).toBe(true);
    const endsAt = new Date(response.json.auction.endsAt).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 120_000);
    expect((await product(auction.id)).endsAt?.getTime()).toBe(endsAt);

    const far = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: 3_600_000 });
    const calm = await bid(bidder.token, far.id, 100_000);
    expect(calm.json.extended).toBe(false);
    expect(calm.json.auction.endsAt).toBe(far.endsAt?.toISOString());
  });
});

/** The stored requests (manual and max_raise rows) replayed through the rules, transaction by transaction. */
function replayStored(initial: AuctionState, rows: Awaited<ReturnType<typeof storedBids>>) {
  const groups: (typeof rows)[] = [];
  for (const row of rows) {
    if (row.kind === "automatic") groups[groups.length - 1].push(row);
    else groups.push([row]);
  }
  let state = initial;
  for (const group of groups) {
    const request = group[0];
    const outcome = placeBid(
      state,
      {
        userId: request.userId,
        amountMinor: request.amountMinor,
        maxMinor: request.maxAmountMinor,
        at: request.createdAt,
      },
      { bidTable: BID_STEPS, softCloseMs: 120_000 },
    );
    if (!outcome.accepted)
      throw new Error(`stored bid ${request.id} is refused on replay: ${outcome.reason}`);
    const expected = outcome.rows.map((r: BidRow) => [r.userId, r.amountMinor, r.maxMinor, r.kind]);
    expect(group.map((r) => [r.userId, r.amountMinor, r.maxAmountMinor, r.kind])).toEqual(expected);
    state = outcome.state;
  }
  return state;
}

describe("50 concurrent bidders on one auction", () => {
  it("keep every accepted bid once, the rules intact, the price as replayed, and one outcome when it closes twice at once", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      startPriceMinor: 50_000,
    });
    const bidders = await insertBidders(ctx.api.db, 50);
    const accepted: { userId: number; amount: number; max: number | null; lastBidId: number }[] = [];
    const refusals = new Map<string, number>();
    let known = 50_000;

    // Every bidder bids three times as fast as it can: at what it believes the minimum is, or a
    // few steps more, a third of them with a maximum. A refusal below the minimum tells it the real
    // minimum, and it tries again at once (a few times), as an eager bidder at a real auction does.
    await Promise.all(
      bidders.map(async ({ user, token }, index) => {
        for (let round = 0; round < 3; round++) {
          const step = 5_000;
          let amount = known + step * ((index + round) % 4);
          const extra = index % 3 === 0 ? step * (1 + ((index * 7 + round) % 9)) : null;
          // A bidder's first bid is retried until it lands (nothing but the minimum can refuse a
          // bidder without a bid), so at least 50 are accepted however the requests race; the
          // later rounds give up after a few tries, as a discouraged bidder does.
          const attempts = round === 0 ? 60 : 6;
          for (let attempt = 0; attempt < attempts; attempt++) {
            const max = extra === null ? undefined : amount + extra;
            const response = await bid(token, auction.id, amount, max);
            if (response.status === 201) {
              accepted.push({
                userId: user.id,
                amount,
                max: max ?? null,
                lastBidId: response.json.auction.lastBidId,
              });
              known = Math.max(known, response.json.auction.minimumNextBidMinor);
              break;
            }
            const reason = response.json?.error ?? String(response.status);
            refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
            if (reason !== "below_minimum") break;
            known = Math.max(known, response.json.minimumMinor);
            // Spread out, so that several of the retries racing for the same price can win in turn.
            amount = response.json.minimumMinor + step * ((index * 13 + attempt * 5 + round) % 12);
          }
        }
      }),
    );
    // Only the rules refused anything.
    expect([...refusals.keys()].every((reason) => ["below_minimum", "max_not_raised"].includes(reason))).toBe(
      true,
    );
    expect(accepted.length).toBeGreaterThanOrEqual(50);

    const rows = await storedBids(auction.id);
    // Every accepted request is stored exactly once (as its manual or max_raise row)...
    const requests = rows.filter((row) => row.kind !== "automatic");
    expect(requests.length).toBe(accepted.length);
    const key = (userId: number, max: number) => `${userId}:${max}`;
    expect(requests.map((row) => key(row.userId, row.maxAmountMinor ?? 0)).sort()).toEqual(
      accepted.map((a) => key(a.userId, a.max ?? a.amount)).sort(),
    );
    // ...and each acknowledged last bid id exists.
    const ids = new Set(rows.map((row) => row.id));
    for (const a of accepted) expect(ids.has(a.lastBidId)).toBe(true);

    // The public price never falls and every bid that is not a proxy's answer beats the one before by a step.
    const visible = rows.filter((row) => row.kind !== "max_raise");
    for (let i = 1; i < visible.length; i++) {
      expect(visible[i].amountMinor).toBeGreaterThanOrEqual(visible[i - 1].amountMinor);
      expect(visible[i].id).toBeGreaterThan(visible[i - 1].id);
    }

    const stored = await product(auction.id);
    const replayed = replayStored(
      {
        startPriceMinor: 50_000,
        reservePriceMinor: null,
        currentPriceMinor: null,
        bidCount: 0,
        leader: null,
        endsAt: stored.endsAt!,
      },
      rows,
    );
    expect(stored.currentPriceMinor).toBe(replayed.currentPriceMinor);
    expect(stored.bidCount).toBe(visible.length);
    expect(stored.bidCount).toBe(replayed.bidCount);
    expect(stored.leaderId).toBe(replayed.leader?.userId);
    expect(stored.leaderMaxMinor).toBe(replayed.leader?.maxMinor);

    // The end comes; the job, the sweeper and a second job attempt all try to close it at once.
    await ctx.api.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, auction.id));
    await ctx.api.services.bidding.scheduleClose(auction.id, new Date(Date.now() - 1000));
    const results = await Promise.all([
      ctx.api.services.bidding.closeAuction(auction.id),
      ctx.api.services.bidding.closeAuction(auction.id),
      ctx.api.services.bidding.closeOverdue(),
      ctx.api.jobs.runPending(CLOSE_QUEUE),
    ]);
    // At most one of the direct calls decided it (the sweeper or the job may have been first);
    // the audit below shows that exactly one did.
    const closings = results.slice(0, 2).filter((r) => typeof r === "object" && r.status === "closed");
    expect(closings.length).toBeLessThanOrEqual(1);

    const closed = await product(auction.id);
    expect(closed.status).toBe("sold");
    expect(closed.winnerId).toBe(replayed.leader?.userId);
    expect(closed.endedAt).not.toBeNull();
    const changes = await ctx.api.db
      .select()
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, auction.id));
    expect(changes.map((c) => [c.fromStatus, c.toStatus])).toEqual([["active", "sold"]]);

    const winnerId = closed.winnerId!;
    expect((await systemMessages(winnerId)).filter((m) => m.event === "won")).toHaveLength(1);
    expect((await systemMessages(ctx.seller.user.id)).filter((m) => m.event === "sold")).toHaveLength(1);
    const losers = [...new Set(rows.map((row) => row.userId))].filter((id) => id !== winnerId);
    for (const loserId of losers) {
      expect((await systemMessages(loserId)).filter((m) => m.event === "lost")).toHaveLength(1);
    }
    const threads = await ctx.api.db
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(and(eq(messageThreads.productId, auction.id), eq(messageThreads.kind, "conversation")));
    expect(threads).toHaveLength(1);

    // Bidding after the end is refused; closing again changes nothing.
    const late = await bid(bidders[0].token, auction.id, 10_000_000);
    expect(late.status).toBe(409);
    expect(await ctx.api.services.bidding.closeAuction(auction.id)).toEqual({ status: "skipped" });
  }, 120_000);
});

describe("auctions whose bids were written directly (demo data)", () => {
  it("get their leader from the highest bid, and bidding goes on from it", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      currentPriceMinor: 120_000,
      bidCount: 2,
    });
    const [early, top, late] = await insertBidders(ctx.api.db, 3);
    await ctx.api.db.insert(bids).values([
      {
        productId: auction.id,
        userId: early.user.id,
        amountMinor: 100_000,
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        productId: auction.id,
        userId: top.user.id,
        amountMinor: 120_000,
        maxAmountMinor: 150_000,
        createdAt: new Date(Date.now() - 30_000),
      },
    ]);
    await backfillAuctionLeaders(ctx.api.db);
    const row = await product(auction.id);
    expect([row.leaderId, row.leaderMaxMinor]).toEqual([top.user.id, 150_000]);
    expect(row.lastBidId).toBe(Math.max(...(await storedBids(auction.id)).map((b) => b.id)));
    const answer = await bid(late.token, auction.id, 130_000);
    // The standing maximum of 1 500 Kč answers one step above the new bid.
    expect(answer.json.you.leading).toBe(false);
    expect(answer.json.auction.priceMinor).toBe(135_000);
  });
});

describe("the live state after a known bid", () => {
  it("a reader with every bid up to the newest gets the state alone; a later bid comes after it", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [anna, bob] = await insertBidders(ctx.api.db, 2);
    await bid(anna.token, auction.id, 100_000);
    const all = await ctx.api.services.bidding.liveState(auction.id);
    expect(all!.bids.map((b) => b.amountMinor)).toEqual([100_000]);
    const newest = all!.bids[0].id;
    const known = await ctx.api.services.bidding.liveState(auction.id, newest);
    expect(known!.bids).toEqual([]);
    expect(known!.live).toMatchObject({ priceMinor: 100_000, bidCount: 1, lastBidId: newest });

    await bid(bob.token, auction.id, 110_000);
    const later = await ctx.api.services.bidding.liveState(auction.id, newest);
    expect(later!.bids.map((b) => [b.amountMinor, b.id > newest])).toEqual([[110_000, true]]);
    expect(later!.live).toMatchObject({ priceMinor: 110_000, bidCount: 2 });
  });
});

describe("closing, activation, notices", () => {
  it("a reserve not met ends the auction unsold: no winner, the seller and the bidders told so", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      reservePriceMinor: 500_000,
    });
    const [bidder] = await insertBidders(ctx.api.db, 1);
    expect((await bid(bidder.token, auction.id, 120_000)).status).toBe(201);
    await ctx.api.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(products.id, auction.id));
    expect(await ctx.api.services.bidding.closeAuction(auction.id)).toEqual({
      status: "closed",
      outcome: "unsold",
      reason: "reserve_not_met",
    });
    const closed = await product(auction.id);
    expect([closed.status, closed.winnerId]).toEqual(["ended", null]);
    expect((await systemMessages(bidder.user.id)).map((m) => m.event)).toEqual(["no_winner"]);
    expect(
      (await systemMessages(ctx.seller.user.id))
        .filter((m) => m.payload?.productId === auction.id)
        .map((m) => m.event),
    ).toEqual(["unsold"]);
  });

  it("the close job that finds the end moved by soft close queues itself for the new end", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: 5_000 });
    await ctx.api.services.bidding.scheduleClose(auction.id, new Date(Date.now() - 1000));
    expect(await ctx.api.jobs.runPending(CLOSE_QUEUE)).toBe(1);
    expect((await product(auction.id)).status).toBe("active");
    const queued = (await ctx.api.jobs.list(CLOSE_QUEUE)).filter(
      (job) => (job.data as { productId: number }).productId === auction.id && job.state === "created",
    );
    expect(queued).toHaveLength(1);
  });

  it("a scheduled listing becomes active at its activation date, once, and its close job is queued", async () => {
    const auction = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      status: "scheduled",
      activationAt: new Date(Date.now() - 1000),
    });
    const later = await insertAuction(ctx.api.db, {
      sellerId: ctx.seller.user.id,
      status: "scheduled",
      activationAt: new Date(Date.now() + 3_600_000),
    });
    expect(await ctx.api.services.bidding.activateDue()).toBeGreaterThanOrEqual(1);
    expect(await ctx.api.services.bidding.activateListing(auction.id)).toBe(false);
    expect((await product(auction.id)).status).toBe("active");
    expect((await product(later.id)).status).toBe("scheduled");
    const jobs = (await ctx.api.jobs.list(CLOSE_QUEUE)).filter(
      (job) => (job.data as { productId: number }).productId === auction.id,
    );
    expect(jobs).toHaveLength(1);
  });

  it("watchers hear once that an auction ends within the hour", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, endsInMs: 30 * 60_000 });
    const [watcher] = await insertBidders(ctx.api.db, 1);
    const [list] = await ctx.api.db.insert(wishlists).values({ userId: watcher.user.id }).returning();
    await ctx.api.db.insert(wishlistItems).values({ wishlistId: list.id, productId: auction.id });
    expect(await ctx.api.services.bidding.notifyEndingSoon()).toBe(1);
    expect(await ctx.api.services.bidding.notifyEndingSoon()).toBe(0);
    const notices = await systemMessages(watcher.user.id);
    expect(notices.map((m) => m.event)).toEqual(["ending_soon"]);
    expect(notices[0].body).toMatch(/končí přibližně za (29|30) min/);
  });

  it("my bids are grouped as leading, outbid, won and lost with my maximum and the current price", async () => {
    const [me, rival] = await insertBidders(ctx.api.db, 2);
    const leading = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, nameCs: "Vedu" });
    const outbid = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, nameCs: "Přehozen" });
    const won = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, nameCs: "Vyhráno" });
    const lost = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id, nameCs: "Prohráno" });
    await bid(me.token, leading.id, 100_000, 180_000);
    await bid(me.token, outbid.id, 100_000);
    await bid(rival.token, outbid.id, 120_000);
    await bid(me.token, won.id, 100_000);
    await bid(me.token, lost.id, 100_000);
    await bid(rival.token, lost.id, 110_000);
    await ctx.api.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(sql`${products.id} in (${won.id}, ${lost.id})`);
    await ctx.api.services.bidding.closeAuction(won.id);
    await ctx.api.services.bidding.closeAuction(lost.id);

    const response = await ctx.api.call("GET", "/api/me/bids", { token: me.token });
    expect(response.status).toBe(200);
    const summary = (group: string) =>
      response.json[group].map((item: { name: string; myMaxMinor: number; priceMinor: number }) => [
        item.name,
        item.myMaxMinor,
        item.priceMinor,
      ]);
    expect(summary("leading")).toEqual([["Vedu", 180_000, 100_000]]);
    expect(summary("outbid")).toEqual([["Přehozen", 100_000, 120_000]]);
    expect(summary("won")).toEqual([["Vyhráno", 100_000, 100_000]]);
    expect(summary("lost")).toEqual([["Prohráno", 100_000, 110_000]]);
    expect(response.json.won[0].threadId).toEqual(expect.any(Number));
    expect(response.json.lost[0].threadId).toBeNull();
    expect((await ctx.api.call("GET", "/api/me/bids")).status).toBe(401);
  });
});

/** What the auction stream's events carry that these tests read. */
type AuctionEventData = {
  live: { priceMinor: number; lastBidId: number };
  bids: { amountMinor: number }[];
  leading: boolean;
};
const readEvents = (response: Response, count: number) => readSseEvents<AuctionEventData>(response, count);

describe("live stream (SSE over LISTEN/NOTIFY)", () => {
  it("sends a snapshot, then an event after a bid; a reconnect with Last-Event-ID gets the bids it missed", async () => {
    const auction = await insertAuction(ctx.api.db, { sellerId: ctx.seller.user.id });
    const [anna, bob] = await insertBidders(ctx.api.db, 2);
    const controller = new AbortController();
    const stream = await ctx.api.app.request(`/api/auctions/${auction.id}/stream`, {
      headers: { Authorization: `Bearer ${anna.token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const live = sseReader<AuctionEventData>(stream);
    // The snapshot goes out first (listening has begun by then); then the bid.
    const [snapshot] = await live.next(1);
    expect(snapshot).toMatchObject({ event: "auction", id: "0" });
    expect((await bid(anna.token, auction.id, 100_000)).status).toBe(201);
    const [afterBid] = await live.next(1);
    expect(afterBid.data.live.priceMinor).toBe(100_000);
    expect(afterBid.data.bids.map((b) => b.amountMinor)).toEqual([100_000]);
    expect(afterBid.data.leading).toBe(true);
    const seen = afterBid.id;
    expect(Number(seen)).toBe(afterBid.data.live.lastBidId);
    await live.cancel();
    controller.abort();

    // Away: two bids happen.
    expect((await bid(bob.token, auction.id, 110_000)).status).toBe(201);
    expect((await bid(anna.token, auction.id, 120_000)).status).toBe(201);
    const again = await ctx.api.app.request(`/api/auctions/${auction.id}/stream`, {
      headers: { Authorization: `Bearer ${bob.token}`, "Last-Event-ID": seen },
    });
    const replay = await readEvents(again, 1);
    expect(replay.events[0].data.bids.map((b) => b.amountMinor)).toEqual([110_000, 120_000]);
    expect(replay.events[0].data.live.priceMinor).toBe(120_000);
    expect(replay.events[0].data.leading).toBe(false);
    await replay.cancel();

    const unknown = await ctx.api.app.request("/api/auctions/2000000000/stream");
    expect(unknown.status).toBe(404);
  });
});
