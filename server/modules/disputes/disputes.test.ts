import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import type { MarketplaceDouble } from "#server/test/marketplace-double.ts";
import { PROVIDER_CALLS_QUEUE } from "../deals/flow.ts";
import { balancesOf } from "../deals/ledger.ts";
import { messages as systemMessages } from "../messages/tables.ts";
import { buyerStrikes } from "../unpaid-wins/tables.ts";
import { dealDisputes } from "./tables.ts";
import { disputesTestApi, shippedDeal as makeShippedDeal, photoBytes } from "./test-fixtures.ts";

/**
 * A dispute as the buyer, the seller and the operator live it (issue 35, item 6): opened within
 * the window, answered, escalated only after the answer days, decided by the operator with a
 * statement of reasons both sides see, the money split through the provider once; or agreed
 * between the two. On the in-memory provider (server/test/marketplace-double.ts).
 */

let api: TestApi;
let provider: MarketplaceDouble;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];
let buyer: Awaited<ReturnType<typeof insertBidders>>[number];
let stranger: Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  ({ api, provider } = await disputesTestApi());
  [seller, buyer, stranger] = await insertBidders(api.db, 3);
  const [operator] = await insertBidders(api.db, 1);
  operatorId = operator.user.id;
});
afterAll(() => api?.close());

let operatorId: number;
const deals = () => api.services.deals;
const disputes = () => api.services.disputes;

/** A deal of 1 000 Kč + DPD 100 Kč + protection 60 Kč, paid and shipped. */
const shippedDeal = () => makeShippedDeal({ api, provider }, seller, buyer);

describe("a dispute", () => {
  it("escalated to the operator ends in a partial refund with a statement of reasons both sides see", async () => {
    const deal = await shippedDeal();
    expect(deal.totalMinor).toBe(116_000);
    const text = "Láhev dorazila s prasklou pečetí a uniká z ní.";
    // Only the buyer opens it, with a text long enough to say what is wrong.
    expect(await disputes().open(deal.id, seller.user.id, { reason: "damaged", text })).toMatchObject({
      code: "not_found",
    });
    expect(
      await disputes().open(deal.id, buyer.user.id, { reason: "damaged", text: "rozbité" }),
    ).toMatchObject({ code: "invalid" });
    expect((await disputes().open(deal.id, buyer.user.id, { reason: "damaged", text })).ok).toBe(true);
    expect((await deals().page(deal.id, buyer.user.id, "cs"))?.status).toBe("disputed");
    // The release job finds a disputed deal and leaves it.
    expect(
      (await disputes().write(deal.id, seller.user.id, "Balil jsem ji do bublinkové fólie, pošlete foto."))
        .ok,
    ).toBe(true);
    expect(await disputes().write(deal.id, stranger.user.id, "Co se stalo?")).toMatchObject({
      code: "not_found",
    });

    // Not before the answer days.
    expect(await disputes().escalate(deal.id, buyer.user.id)).toMatchObject({ code: "not_yet" });
    await api.db
      .update(dealDisputes)
      .set({ escalatableAt: new Date(Date.now() - 1000) })
      .where(eq(dealDisputes.dealId, deal.id));
    expect((await disputes().escalate(deal.id, seller.user.id)).ok).toBe(true);

    // The operator decides: 400 Kč back to the buyer, the rest released, with the reasons.
    const decision = {
      refundMinor: 40_000,
      facts: "Fotografie kupujícího ukazují prasklou pečeť; obsah z láhve částečně unikl.",
      grounds: "Obchodní podmínky, Poctivé obchodování: zboží musí dorazit ve stavu, v jakém bylo popsáno.",
    };
    expect(
      await disputes().decide(deal.id, { actorId: operatorId }, { ...decision, refundMinor: 999_999 }),
    ).toMatchObject({ code: "invalid_amount" });
    expect((await disputes().decide(deal.id, { actorId: operatorId }, decision)).ok).toBe(true);
    expect(await disputes().decide(deal.id, { actorId: operatorId }, decision)).toMatchObject({
      code: "illegal_transition",
    });
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);

    for (const side of [buyer, seller]) {
      const page = await deals().page(deal.id, side.user.id, "cs");
      expect(page?.status).toBe("partially_refunded");
    }
    const [dispute] = await api.db.select().from(dealDisputes).where(eq(dealDisputes.dealId, deal.id));
    expect(dispute).toMatchObject({
      status: "resolved",
      outcome: "partial_refund",
      refundMinor: 40_000,
      decidedBy: operatorId,
      decisionFacts: decision.facts,
    });
    // The ledger: 400 Kč refunded, the fee taken, the rest the seller's; the provider refunded once.
    const balances = await balancesOf(api.db, deal.id);
    expect(balances).toMatchObject({
      held: 0,
      refunded: 40_000,
      fees: 6_000,
      seller_payable: 116_000 - 40_000 - 6_000,
    });
    expect(provider.refunds.filter((refund) => refund.amountMinor === 40_000)).toHaveLength(1);
  });

  it("ends by agreement when the other side accepts a proposal, and only the other side may", async () => {
    const deal = await shippedDeal();
    const text = "Etiketa je jiná než na fotografiích v inzerátu.";
    expect((await disputes().open(deal.id, buyer.user.id, { reason: "not_as_described", text })).ok).toBe(
      true,
    );
    expect(await disputes().open(deal.id, buyer.user.id, { reason: "fake", text })).toMatchObject({
      code: "illegal_transition",
    });
    expect((await disputes().propose(deal.id, seller.user.id, 20_000)).ok).toBe(true);
    expect(await disputes().accept(deal.id, seller.user.id)).toMatchObject({ code: "no_proposal" });
    expect((await disputes().accept(deal.id, buyer.user.id)).ok).toBe(true);
    await api.jobs.runPending(PROVIDER_CALLS_QUEUE);
    expect((await deals().page(deal.id, buyer.user.id, "cs"))?.status).toBe("partially_refunded");
    expect(await balancesOf(api.db, deal.id)).toMatchObject({ held: 0, refunded: 20_000 });
    expect(provider.refunds.filter((refund) => refund.amountMinor === 20_000)).toHaveLength(1);
  });
});

describe("a dispute's photos", () => {
  it("are checked by content, kept without metadata and shown to the two sides and the deals staff only", async () => {
    const deal = await shippedDeal();
    const text = "Pečeť je prasklá, posílám fotografie láhve.";
    const notImage = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    expect(
      await disputes().open(deal.id, buyer.user.id, { reason: "damaged", text, photos: [notImage] }),
    ).toMatchObject({ code: "invalid_photo" });
    const tooMany = await Promise.all(Array.from({ length: 7 }, photoBytes));
    expect(
      await disputes().open(deal.id, buyer.user.id, { reason: "damaged", text, photos: tooMany }),
    ).toMatchObject({ code: "invalid_photo" });
    // Refused photos refuse the step: no dispute yet.
    expect(await disputes().view(deal.id)).toBeNull();
    const opened = await disputes().open(deal.id, buyer.user.id, {
      reason: "damaged",
      text,
      photos: [await photoBytes(), await photoBytes()],
    });
    expect(opened.ok).toBe(true);
    expect(
      (
        await disputes().write(deal.id, seller.user.id, "Takto jsem ji balil, viz foto.", [
          await photoBytes(),
        ])
      ).ok,
    ).toBe(true);
    const view = await disputes().view(deal.id);
    expect(view?.messages.map((message) => message.photos?.length)).toEqual([2, 1]);
    const url = view?.messages[0].photos?.[0].url ?? "";
    expect(url).toMatch(new RegExp(`^/api/deals/${deal.id}/dispute/photos/\\d+$`));

    // The buyer and the seller see it, as WebP without the camera's data.
    for (const side of [buyer, seller]) {
      const response = await api.app.request(url, { headers: { Authorization: `Bearer ${side.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Rarita Test Camera"))).toBe(false);
    }
    // Anyone else: the same 404 as for no photo at all; a guest must sign in.
    const strangerSees = await api.app.request(url, {
      headers: { Authorization: `Bearer ${stranger.token}` },
    });
    expect(strangerSees.status).toBe(404);
    expect((await api.app.request(url)).status).toBe(401);
    const otherDeal = await shippedDeal();
    const photoId = url.split("/").pop();
    const wrongDeal = await api.app.request(`/api/deals/${otherDeal.id}/dispute/photos/${photoId}`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    });
    expect(wrongDeal.status).toBe(404);
    // Staff with the deals scope see it; staff without it do not.
    const support = await api.createUser({ role: "support" });
    const editor = await api.createUser({ role: "editor" });
    const bySupport = await api.app.request(url, { headers: { Authorization: `Bearer ${support.token}` } });
    expect(bySupport.status).toBe(200);
    const byEditor = await api.app.request(url, { headers: { Authorization: `Bearer ${editor.token}` } });
    expect(byEditor.status).toBe(404);
  });

  it("queue open and escalated disputes for the operator, the escalated first", async () => {
    const first = await shippedDeal();
    const second = await shippedDeal();
    const text = "Etiketa je jiná než na fotografiích v inzerátu.";
    for (const deal of [first, second])
      expect((await disputes().open(deal.id, buyer.user.id, { reason: "not_as_described", text })).ok).toBe(
        true,
      );
    await disputes().moveAnswerDeadline(second.id, new Date(Date.now() - 1000));
    expect((await disputes().escalate(second.id, seller.user.id)).ok).toBe(true);
    const queue = await disputes().queue("cs");
    const ids = queue.map((row) => row.dealId);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(queue.find((row) => row.dealId === second.id)).toMatchObject({
      status: "escalated",
      reason: "not_as_described",
      buyer: { id: buyer.user.id },
      seller: { id: seller.user.id },
      totalMinor: 116_000,
    });
    expect(await disputes().escalatedCount()).toBeGreaterThanOrEqual(1);
    // A resolved one leaves the queue.
    expect((await disputes().propose(first.id, seller.user.id, 10_000)).ok).toBe(true);
    expect((await disputes().accept(first.id, buyer.user.id)).ok).toBe(true);
    expect((await disputes().queue("cs")).map((row) => row.dealId)).not.toContain(first.id);
  });
});

describe("an appeal against the operator's decision", () => {
  const statement = {
    facts: "Fotografie ukazují neporušenou pečeť; obsah odpovídá inzerátu.",
    grounds: "Obchodní podmínky, Poctivé obchodování: zboží dorazilo, jak bylo popsáno.",
  };

  it("of a dispute is made once per side and answered by another staff member, who tells the appellant", async () => {
    const deal = await shippedDeal();
    const text = "Etiketa je poškozená a jiná než na fotografiích.";
    expect((await disputes().open(deal.id, buyer.user.id, { reason: "not_as_described", text })).ok).toBe(
      true,
    );
    // Not before the operator decided.
    expect(
      await disputes().appeals.appealDispute(deal.id, buyer.user.id, "Nesouhlasím s rozhodnutím."),
    ).toMatchObject({ code: "not_appealable" });
    await disputes().moveAnswerDeadline(deal.id, new Date(Date.now() - 1000));
    expect((await disputes().escalate(deal.id, buyer.user.id)).ok).toBe(true);
    expect(
      (await disputes().decide(deal.id, { actorId: operatorId }, { refundMinor: 0, ...statement })).ok,
    ).toBe(true);
    const appealText = "Pečeť byla přelepená, přikládal jsem fotografie; žádám nové posouzení.";
    expect(await disputes().appeals.appealDispute(deal.id, stranger.user.id, appealText)).toMatchObject({
      code: "not_found",
    });
    const made = await disputes().appeals.appealDispute(deal.id, buyer.user.id, appealText);
    expect(made.ok).toBe(true);
    expect(await disputes().appeals.appealDispute(deal.id, buyer.user.id, appealText)).toMatchObject({
      code: "already_appealed",
    });
    const view = await disputes().view(deal.id);
    expect(view?.appeals).toMatchObject([{ role: "buyer", text: appealText, answer: null }]);
    expect(view?.appealableUntil).not.toBeNull();

    const appealId = made.ok ? made.value.id : 0;
    const answer = {
      outcome: "upheld" as const,
      answer: "Fotografie pečeti neukazují přelepení; rozhodnutí platí.",
    };
    // The operator who decided may not answer; another may, once.
    expect(await disputes().appeals.answer(appealId, { actorId: operatorId }, answer)).toMatchObject({
      code: "same_person",
    });
    const [other] = await insertBidders(api.db, 1);
    const queue = await disputes().appeals.appeals(operatorId);
    expect(queue.find((row) => row.id === appealId)).toMatchObject({ ownDecision: true, answer: null });
    expect((await disputes().appeals.answer(appealId, { actorId: other.user.id }, answer)).ok).toBe(true);
    expect(await disputes().appeals.answer(appealId, { actorId: other.user.id }, answer)).toMatchObject({
      code: "already_answered",
    });
    expect((await disputes().view(deal.id))?.appeals?.[0].answer).toMatchObject({ outcome: "upheld" });
    const notices = await api.db
      .select()
      .from(systemMessages)
      .where(eq(systemMessages.event, "deal_dispute"));
    expect(
      notices.some(
        (notice) => notice.payload?.variant === "appeal_upheld" && notice.body.includes("přelepení"),
      ),
    ).toBe(true);
  });

  it("of a kept suspension is the buyer's own; changed on appeal, the strikes are cleared", async () => {
    const [late] = await insertBidders(api.db, 1);
    const first = await shippedDeal();
    const second = await shippedDeal();
    await api.db
      .insert(buyerStrikes)
      .values([first, second].map((deal) => ({ userId: late.user.id, dealId: deal.id })));
    const kept = await api.services.unpaidWinsAdmin.reviewStrikes(
      late.user.id,
      { outcome: "kept", ...statement },
      { actorId: operatorId },
    );
    const reviewId = kept.ok ? kept.value.id : 0;
    expect(await disputes().appeals.strikeReviewFor(stranger.user.id, reviewId)).toBeNull();
    expect(await disputes().appeals.strikeReviewFor(late.user.id, reviewId)).toMatchObject({
      outcome: "kept",
      facts: statement.facts,
      appeal: null,
    });
    const text = "Obě aukce jsem nezaplatil kvůli hospitalizaci; přikládám zprávu.";
    expect(await disputes().appeals.appealStrikeReview(reviewId, stranger.user.id, text)).toMatchObject({
      code: "not_found",
    });
    const made = await disputes().appeals.appealStrikeReview(reviewId, late.user.id, text);
    expect(made.ok).toBe(true);
    const [other] = await insertBidders(api.db, 1);
    const answered = await disputes().appeals.answer(
      made.ok ? made.value.id : 0,
      { actorId: other.user.id },
      { outcome: "changed", answer: "Hospitalizace je doložená; pozastavení rušíme." },
    );
    expect(answered.ok).toBe(true);
    expect(await api.services.unpaidWins.biddingSuspended(late.user.id)).toBe(false);
    expect((await disputes().appeals.strikeReviewFor(late.user.id, reviewId))?.appeal?.answer).toMatchObject({
      outcome: "changed",
    });
  });
});
