import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { DealRole } from "#core/contracts/deals.ts";
import type { MarketplaceMethod, MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { Notifier } from "../messages/index.ts";
import { startCharge, syncCharge } from "./charges.ts";
import {
  applyDeadline,
  DEADLINE_QUEUE,
  DEADLINE_SWEEP_QUEUE,
  type DeadlineJob,
  overdueDeadlines,
  scheduleDeadline,
  schedulePayment,
} from "./deadlines.ts";
import { type DealTermsSource, dealsSettingIfOn, makeDeal } from "./making.ts";
import { createDealNotices } from "./notices.ts";
import { makeCall, pendingCallIds } from "./provider-calls.ts";
import { dealPageOf, dealsOf } from "./reads.ts";
import {
  acceptOffer,
  declineOffer,
  offerOfUnpaidDeal,
  offerSecondChance,
  openOffersOf,
} from "./second-chance.ts";
import { onboardingUrl, payoutAccountOf, syncSellerAccount } from "./seller-accounts.ts";
import { releaseDeal, step } from "./settle.ts";
import { isBiddingSuspended } from "./strikes.ts";
import { dealCharges } from "./tables/provider.ts";
import { lockDeal, markDealDelivered, markDealShipped } from "./transitions.ts";
import { markEventProcessed, PROVIDER_EVENT_QUEUE, receiveWebhook, unprocessedEvent } from "./webhooks.ts";

/**
 * Deals through the site, end to end (issue 35): made when an auction closes with a winner, paid
 * through the provider's marketplace port, shipped, confirmed and released, each deadline a
 * durable job, every call out to the provider from an outbox with its idempotency key. The pages
 * and the API reach deals only through this service; it answers in codes.
 */

export const AUCTION_DEAL_QUEUE = "deals.from_auction";
export const PROVIDER_CALLS_QUEUE = "deals.provider_calls";

export type AuctionSale = {
  productId: number;
  winnerId: number;
  sellerId: number;
  priceMinor: number;
  at: Date;
};

export type DealFlowDeps = {
  db: Db;
  jobs: JobRunner;
  /** Null where no provider is configured: deals through the site are off. */
  marketplace: MarketplacePayments | null;
  settings: { get<T = unknown>(name: string): Promise<T | undefined> };
  terms: DealTermsSource;
  notifier: Pick<Notifier, "notify">;
  publicUrl: string;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const TRACKING = /^[A-Za-z0-9 -]{4,40}$/;

export function createDealFlow(deps: DealFlowDeps) {
  const { db, jobs, marketplace, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const notices = createDealNotices(deps.notifier);
  const setting = async () => (marketplace ? dealsSettingIfOn(await deps.settings.get("deals")) : null);
  const dealUrl = (dealId: number, locale: Locale) =>
    `${deps.publicUrl}${locale === "en" ? "/en/account/deals" : "/ucet/obchody"}/${dealId}`;
  const kickCalls = () =>
    jobs
      .send(PROVIDER_CALLS_QUEUE, {}, { singletonKey: "run" })
      .catch((error) =>
        logger.warn({ err: error }, "the provider calls' job could not be sent; the sweep will run them"),
      );

  /** The deal of a sold auction, made by its job after the close committed. */
  async function makeAuctionDeal(sale: AuctionSale): Promise<"made" | "skipped"> {
    const on = await setting();
    if (!on) return "skipped";
    const terms = await deps.terms.termsOf(sale.productId);
    if (!terms || terms.deliveryOptions.length === 0) return "skipped";
    return db.transaction(async (tx) => {
      const made = await makeDeal(
        tx,
        on,
        terms.deliveryOptions,
        { source: "auction", ...sale, buyerId: sale.winnerId, requestKey: `auction:${sale.productId}` },
        { actorId: null, reason: null, at: sale.at },
      );
      if (!made.ok) return "skipped";
      if (made.value.created) {
        await schedulePayment(jobs, tx, made.value.deal, on.payReminderHours, now());
        await notices.created(tx, made.value.deal);
      }
      return "made";
    });
  }

  /**
   * Applies what the provider says of a charge: paid, the ship-by deadline's job and the notices
   * ride on the payment's transaction; money to give back lets the provider calls run.
   */
  async function applyCharge(chargeId: string) {
    if (!marketplace) return "unknown" as const;
    const on = await setting();
    const outcome = await syncCharge(
      db,
      marketplace,
      chargeId,
      on?.shipWorkingDays ?? 5,
      now(),
      async (tx, deal) => {
        if (deal.shipBy) await scheduleDeadline(jobs, tx, { dealId: deal.id, kind: "ship" }, deal.shipBy);
        await notices.paid(tx, deal);
      },
    );
    if (outcome === "refunding") await kickCalls();
    return outcome;
  }

  return {
    /** Deals through the site are on: the setting and a configured provider. */
    available: async () => (await setting()) !== null,

    /** The close of a sold auction asks for its deal, in the close's own transaction. */
    onAuctionSold: (tx: Db, sale: AuctionSale) =>
      jobs.send(AUCTION_DEAL_QUEUE, { ...sale, at: sale.at.toISOString() }, { tx }),
    makeAuctionDeal,

    list: (userId: number, role: DealRole, locale: Locale) => dealsOf(db, userId, role, locale),

    /** Two won auctions left unpaid in 12 months, not cleared by the operator: no bidding. */
    biddingSuspended: (userId: number) => isBiddingSuspended(db, userId, now()),

    /** The seller of a deal left unpaid offers the item to the runner-up at their highest bid. */
    async offerSecondChance(dealId: number, sellerId: number) {
      const on = await setting();
      if (!on) return err("unavailable" as const);
      return db.transaction(async (tx) => {
        const offered = await offerSecondChance(tx, {
          dealId,
          sellerId,
          hours: on.secondChanceHours,
          now: now(),
        });
        if (!offered.ok) return offered;
        const deal = await lockDeal(tx, dealId);
        if (deal) await notices.secondChance(tx, deal, offered.value);
        return offered;
      });
    },
    /** The second-chance offer made for a deal left unpaid (the seller's deal page). */
    offerOfUnpaidDeal: (dealId: number) => offerOfUnpaidDeal(db, dealId),
    /** The user's open second-chance offers (Nákupy). */
    openOffers: (userId: number) => openOffersOf(db, userId, now()),
    /** The runner-up accepts: a new deal to pay, as the auction's close would have made. */
    async acceptOffer(offerId: number, userId: number) {
      const on = await setting();
      if (!on) return err("deals_off" as const);
      return db.transaction(async (tx) => {
        const accepted = await acceptOffer(tx, {
          offerId,
          userId,
          now: now(),
          setting: on,
          optionsOf: async (productId) => (await deps.terms.termsOf(productId))?.deliveryOptions ?? [],
        });
        if (accepted.ok && accepted.value.created) {
          await schedulePayment(jobs, tx, accepted.value.deal, on.payReminderHours, now());
          await notices.created(tx, accepted.value.deal);
        }
        return accepted;
      });
    },
    declineOffer: (offerId: number, userId: number) => declineOffer(db, offerId, userId, now()),
    page: (dealId: number, userId: number, locale: Locale) => dealPageOf(db, dealId, userId, locale),

    /** The buyer pays: the provider's page to go to. */
    async startPayment(dealId: number, buyerId: number, method: MarketplaceMethod, locale: Locale) {
      if (!marketplace || !(await setting())) return err("unavailable" as const);
      return startCharge(db, marketplace, {
        dealId,
        buyerId,
        method,
        locale,
        dealUrl: dealUrl(dealId, locale),
      });
    },

    /** Back from the provider's page: its word on the deal's latest charge (never the URL's). */
    async returnedFromPayment(dealId: number, buyerId: number) {
      const [charge] = await db
        .select()
        .from(dealCharges)
        .where(and(eq(dealCharges.dealId, dealId), isNotNull(dealCharges.chargeId)))
        .orderBy(desc(dealCharges.id))
        .limit(1);
      const deal = await db.transaction((tx) => lockDeal(tx, dealId));
      if (!charge?.chargeId || deal?.buyerId !== buyerId) return "unknown" as const;
      return applyCharge(charge.chargeId);
    },

    /** The seller hands the goods to the buyer's chosen carrier: the release window starts. */
    async ship(dealId: number, sellerId: number, input: { trackingNumber: string }) {
      const trackingNumber = input.trackingNumber.trim();
      if (!TRACKING.test(trackingNumber)) return err("invalid" as const);
      const on = await setting();
      const at = now();
      const releaseAt = new Date(at.getTime() + (on?.releaseDaysAfterShipping ?? 14) * DAY_MS);
      return db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.sellerId !== sellerId) return err("not_found" as const);
        if (deal.carrier === null) return err("illegal_transition" as const);
        const moved = await markDealShipped(tx, deal, { actorId: sellerId, at }, trackingNumber, releaseAt);
        if (!moved.ok) return err("illegal_transition" as const);
        await scheduleDeadline(jobs, tx, { dealId: deal.id, kind: "release" }, releaseAt);
        await notices.shipped(tx, moved.value);
        return ok(moved.value);
      });
    },

    /** The buyer has the goods and is content: the money is released to the seller now. */
    async confirmReceipt(dealId: number, buyerId: number) {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const deal = await lockDeal(tx, dealId);
        if (!deal || deal.buyerId !== buyerId) return err("not_found" as const);
        const delivered = await markDealDelivered(tx, deal, { actorId: buyerId, at }, at);
        if (!delivered.ok) return err("illegal_transition" as const);
        const released = await step(tx, async (inner) => {
          const moved = await releaseDeal(inner, deal.id, `deal:${deal.id}:release`, {
            actorId: buyerId,
            reason: "receipt confirmed",
            at,
          });
          await notices.released(inner, moved);
          return moved;
        });
        return released.ok ? ok(released.value) : err("illegal_transition" as const);
      });
      if (result.ok) await kickCalls();
      return result;
    },

    /** The seller's way to the provider's identity check; null where there is no provider. */
    async payoutOnboarding(seller: { userId: number; email: string }, locale: Locale) {
      if (!marketplace) return null;
      const back = `${deps.publicUrl}${locale === "en" ? "/en/account/sales" : "/ucet/prodeje"}`;
      return onboardingUrl(db, marketplace, seller, {
        returnUrl: `${back}?payouts=returned`,
        refreshUrl: back,
      });
    },
    /** The seller's payout account, read again from the provider (back from its pages). */
    async payoutAccount(userId: number, refresh = false) {
      const account = await payoutAccountOf(db, userId);
      if (account && refresh && marketplace) {
        if ((await syncSellerAccount(db, marketplace, account.accountId)) > 0) await kickCalls();
        return payoutAccountOf(db, userId);
      }
      return account;
    },

    /** A webhook as it came: verified, stored once, processed by its job. */
    async receiveWebhook(provider: string, rawBody: string, signature: string | undefined) {
      if (!marketplace || provider !== marketplace.provider) return "unknown_provider" as const;
      return receiveWebhook(db, jobs, marketplace, rawBody, signature);
    },

    /** Registers the deals' queues and their handlers (the process's job runner runs them). */
    async registerJobs(): Promise<void> {
      jobs.define(AUCTION_DEAL_QUEUE, { retryLimit: 10, retryBackoff: true });
      jobs.define(PROVIDER_EVENT_QUEUE, { retryLimit: 20, retryBackoff: true, retryDelayMaxSeconds: 3600 });
      jobs.define(PROVIDER_CALLS_QUEUE, {
        policy: "exclusive",
        retryLimit: 20,
        retryBackoff: true,
        retryDelayMaxSeconds: 3600,
      });
      jobs.define(DEADLINE_QUEUE, { retryLimit: 10, retryBackoff: true });
      jobs.define(DEADLINE_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 0 });
      jobs.work<AuctionSale & { at: string }>(AUCTION_DEAL_QUEUE, async (sale) => {
        await makeAuctionDeal({ ...sale, at: new Date(sale.at) });
      });
      jobs.work<{ eventRowId: number }>(PROVIDER_EVENT_QUEUE, async ({ eventRowId }) => {
        const event = await unprocessedEvent(db, eventRowId);
        if (!event || !marketplace) return;
        if (event.type.startsWith("charge.")) await applyCharge(event.objectId);
        if (
          event.type === "account.updated" &&
          (await syncSellerAccount(db, marketplace, event.objectId)) > 0
        )
          await kickCalls();
        await markEventProcessed(db, eventRowId, now());
      });
      jobs.work(PROVIDER_CALLS_QUEUE, async () => {
        if (!marketplace) return;
        for (const id of await pendingCallIds(db)) await makeCall(db, marketplace, id);
      });
      jobs.work<DeadlineJob>(DEADLINE_QUEUE, async (job) => {
        const outcome = await applyDeadline(db, notices, job, now());
        if (outcome === "cancelled" || outcome === "released") await kickCalls();
      });
      jobs.work(DEADLINE_SWEEP_QUEUE, async () => {
        for (const job of await overdueDeadlines(db, now())) await applyDeadline(db, notices, job, now());
        if (marketplace && (await pendingCallIds(db, 1)).length > 0) await kickCalls();
      });
      await jobs.schedule(DEADLINE_SWEEP_QUEUE, "*/5 * * * *");
    },
  };
}

export type DealFlow = ReturnType<typeof createDealFlow>;
