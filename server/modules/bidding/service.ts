import { createHmac } from "node:crypto";
import type {
  AuctionLive,
  BidRefusal,
  MyBid,
  MyBidGroup,
  PublicBid,
  ViewerStanding,
} from "#core/contracts/bidding.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { createNotifier, type Notifier } from "../messages/index.ts";
import type { SettingsService } from "../settings/index.ts";
import { createListingActivation } from "./activation.ts";
import { createBuyNow } from "./buy-now.ts";
import { type AuctionSoldHook, createAuctionClosing } from "./close-auction.ts";
import { createCloseSlots } from "./close-slots.ts";
import { closingRoundOf } from "./closing-round.ts";
import { createDiagnosticsAuction, createDiagnosticsRound } from "./diagnostics.ts";
import { myBidsOf } from "./my-bids.ts";
import { createAuctionNotices } from "./notices.ts";
import { createBidPlacement } from "./place-bid.ts";
import { createAuctionScheduler } from "./queues.ts";
import { createAuctionReads } from "./reads.ts";
import { createAuctionSettings, createRuleOptions } from "./rule-options.ts";

/**
 * Bidding: the auction rules of rules.ts applied to stored auctions, exactly once.
 *
 * Every change of an auction (a bid, the close, the activation) happens in one transaction that
 * first locks the product row (the listings module's `lockAuction`). The row carries everything
 * the rules need (price, bid count, end, the leader's standing maximum and since), so concurrent
 * bids queue on the lock and each sees the state the previous one left. What a change tells others
 * rides on the same transaction: the bid rows, the NOTIFY of the live stream (delivered on commit
 * only), the job that tells the outbid bidder, the system messages and mails of the close.
 *
 * One file per use case: place-bid.ts, close-auction.ts, activation.ts, notices.ts, reads.ts,
 * my-bids.ts; this factory composes them.
 */

export type { BuyNowRefusal, BuyNowResult } from "./buy-now.ts";
export type { AuctionSoldHook, CloseResult } from "./close-auction.ts";
export type { Bidder, PlaceBidResult } from "./place-bid.ts";
export type { AuctionLive, BidRefusal, MyBid, MyBidGroup, PublicBid, ViewerStanding };

export type BiddingServiceDeps = {
  db: Db;
  jobs: JobRunner;
  mail: Mailer;
  /** `altchaHmacKey`: the secret every instance shares, keying the monthly close's draw (close-slots.ts). */
  config: Pick<Config, "publicUrl"> & Partial<Pick<Config, "altchaHmacKey">>;
  settings: Pick<SettingsService, "list">;
  /** System messages and their mails (server/modules/messages); built from db, mail and config when not given. */
  notifier?: Pick<Notifier, "notify">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** The deals' hook on a sold auction (server/wiring/deals.ts); none: the winner and seller settle in a conversation. */
  onAuctionSold?: AuctionSoldHook;
  /** The deals' word on a bidder who left won auctions unpaid (server/wiring/deals.ts). */
  biddingSuspended?: (userId: number) => Promise<boolean>;
  /** The age check's word on a bidder (server/wiring/age-check.ts); none: everyone may bid. */
  ageVerified?: (userId: number) => Promise<boolean>;
  /** The winner's deal through the site (server/wiring/deals.ts), for their standing; none: no deals. */
  winnerDeal?: (productId: number, userId: number) => Promise<number | null>;
};

export function createBiddingService(deps: BiddingServiceDeps) {
  const { db, jobs, mail, config } = deps;
  const notifier = deps.notifier ?? createNotifier({ db, mail, config });
  const ruleOptions = createRuleOptions(deps.settings);
  const scheduler = createAuctionScheduler(jobs);
  const notices = createAuctionNotices({ db, notifier });
  const closing = createAuctionClosing({
    db,
    scheduleClose: scheduler.scheduleClose,
    notices,
    onSold: deps.onAuctionSold,
  });
  const auctionSettings = createAuctionSettings(deps.settings);
  // The draw's own key, derived from the shared secret (tests without one get a fixed key).
  const drawSecret = createHmac("sha256", config.altchaHmacKey ?? "rarita-test")
    .update("rarita:monthly-close-order")
    .digest("hex");
  const slots = createCloseSlots({
    db,
    auctionSettings,
    scheduleClose: scheduler.scheduleClose,
    secret: drawSecret,
  });
  return {
    ruleOptions,
    auctionSettings,
    ...scheduler,
    ...createBidPlacement({
      db,
      jobs,
      ruleOptions,
      logger: deps.logger,
      biddingSuspended: deps.biddingSuspended,
      ageVerified: deps.ageVerified,
    }),
    ...createAuctionReads({ db, ruleOptions, winnerDeal: deps.winnerDeal }),
    ...closing,
    ...slots,
    ...createBuyNow({
      db,
      auctionSettings,
      notices,
      onSold: deps.onAuctionSold,
      biddingSuspended: deps.biddingSuspended,
      ageVerified: deps.ageVerified,
    }),
    ...createListingActivation({ db, scheduler, notifier }),
    notifyOutbid: notices.notifyOutbid,
    notifyLeading: notices.notifyLeading,
    notifyEndingSoon: notices.notifyEndingSoon,

    /** The browser tests' fresh auction (diagnostics.ts), with its close job. */
    async createDiagnosticsAuction(input: Parameters<typeof createDiagnosticsAuction>[1]) {
      const id = await createDiagnosticsAuction(db, input);
      if (id !== null) await scheduler.scheduleClose(id, input.endsAt);
      return id;
    },

    /** The browser tests' monthly round in its close (diagnostics.ts): its lots drawn into slots. */
    createDiagnosticsRound: (input: Parameters<typeof createDiagnosticsRound>[1]) =>
      createDiagnosticsRound({ db, assignRound: slots.assignRound }, input),

    /** The monthly round's "ending now" and "next" while it closes (closing-round.ts). */
    closingRound: (locale: Locale, now?: Date) => closingRoundOf({ db, auctionSettings }, locale, now),

    /** The auctions a user bid on, grouped (my-bids.ts). */
    myBids: (userId: number, locale: Locale): Promise<MyBid[]> => myBidsOf(db, userId, locale),
  };
}

export type BiddingService = ReturnType<typeof createBiddingService>;
