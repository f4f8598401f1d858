import { recordAudit } from "#server/modules/admin/index.ts";
import { createDealsAdmin } from "#server/modules/deal-admin/index.ts";
import { createDealTermsService } from "#server/modules/deal-terms/index.ts";
import { createDealFlow, type DealTermsSource } from "#server/modules/deals/index.ts";
import {
  createDisputePhotoStore,
  createDisputesService,
  registerDisputeJobs,
} from "#server/modules/disputes/index.ts";
import { createHeldMoneyService } from "#server/modules/held-money/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import {
  createPaymentRequestsService,
  registerPaymentRequestJobs,
} from "#server/modules/payment-requests/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import {
  createUnpaidWinsAdmin,
  createUnpaidWinsService,
  isBuyingSuspended,
  recordStrike,
} from "#server/modules/unpaid-wins/index.ts";
import type { Base } from "./base.ts";

/**
 * Deals through the site (server/modules/deals, issue 35): the provider's marketplace port (null
 * where none is configured: deals are then off), the listings' deal terms (tests may pass their
 * own), and the deals' jobs (the deal of a sold auction, the provider's webhooks, the calls out to
 * it, the deadlines); and the operator's side of them (`dealsAdmin`) and the daily check of the
 * held money (`heldMoney`); the disputes with their photos' retention.
 */
export function wireDeals(
  { db, jobs, config, logger, marketplace, storage }: Base,
  { settings, terms, notifier }: { settings: SettingsService; terms?: DealTermsSource; notifier: Notifier },
) {
  // A listing's delivery options and opt-in (server/modules/deal-terms), offered only where a
  // payment provider is configured.
  const listingDealTerms = createDealTermsService({ db, settings, providerConfigured: marketplace !== null });
  const deals = createDealFlow({
    db,
    jobs,
    marketplace,
    settings,
    terms: terms ?? listingDealTerms,
    // A won auction left unpaid is its buyer's strike (server/modules/unpaid-wins).
    recordUnpaidWin: recordStrike,
    // Its suspension refuses "Koupit" as it refuses bids.
    buyerSuspended: isBuyingSuspended,
    notifier,
    publicUrl: config.publicUrl,
    logger,
  });
  void deals.registerJobs().catch((err) => logger.error({ err }, "could not register the deals' jobs"));
  // The operator's side (server/modules/deal-admin): reads the deals' tables, moves through the flow.
  const dealsAdmin = createDealsAdmin({ db, flow: deals, recordAudit });
  // The daily check of the money the provider holds for the deals.
  const heldMoney = createHeldMoneyService({ db, jobs, marketplace, recordAudit, logger });
  void heldMoney
    .registerJobs()
    .catch((err) => logger.error({ err }, "could not register the held money's check"));
  // Dispute photos are private: outside the uploads the server serves to anyone.
  const disputePhotos = createDisputePhotoStore(storage);
  const disputes = createDisputesService({
    db,
    notifier,
    dealsSetting: deals.activeSetting,
    kickCalls: deals.kickCalls,
    recordAudit,
    photos: disputePhotos,
    jobs,
  });
  // Their retention (ADR 0082), the files of an erased account's photos, a return's deadlines.
  const disputeJobs = { db, photos: disputePhotos, notifier, kickCalls: deals.kickCalls, logger };
  void registerDisputeJobs(jobs, disputeJobs).catch((err) =>
    logger.error({ err }, "could not register the disputes' jobs"),
  );
  // The seller's payment request in a classified's conversation, accepted into a deal.
  const paymentRequests = createPaymentRequestsService({
    db,
    notifier,
    deals,
    buyerSuspended: isBuyingSuspended,
  });
  void registerPaymentRequestJobs(jobs, { db, notifier, logger }).catch((err) =>
    logger.error({ err }, "could not register the payment requests' expiry"),
  );
  // The winner who does not pay: strikes, their reviews, the second-chance offer.
  const unpaidWins = createUnpaidWinsService({ db, notifier, deals, terms: terms ?? listingDealTerms });
  const unpaidWinsAdmin = createUnpaidWinsAdmin({ db, recordAudit, notifier });
  return {
    deals,
    dealsAdmin,
    heldMoney,
    disputes,
    paymentRequests,
    unpaidWins,
    unpaidWinsAdmin,
    dealTerms: listingDealTerms,
  };
}
