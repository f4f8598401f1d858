import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { createDealFlow, createDealsAdmin, type DealTermsSource } from "#server/modules/deals/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import type { Base } from "./base.ts";

/**
 * Deals through the site (server/modules/deals, issue 35): the provider's marketplace port (null
 * where none is configured: deals are then off), the listings' deal terms, and the deals' jobs
 * (the deal of a sold auction, the provider's webhooks, the calls out to it, the deadlines); and
 * the operator's side of them with the daily check of the held money (`dealsAdmin`).
 */
export function wireDeals(
  { db, jobs, config, logger }: Base,
  {
    settings,
    marketplace,
    terms,
    notifier,
  }: {
    settings: SettingsService;
    marketplace: MarketplacePayments | null;
    terms: DealTermsSource;
    notifier: Notifier;
  },
) {
  const deals = createDealFlow({
    db,
    jobs,
    marketplace,
    settings,
    terms,
    notifier,
    publicUrl: config.publicUrl,
    logger,
  });
  void deals.registerJobs().catch((err) => logger.error({ err }, "could not register the deals' jobs"));
  const dealsAdmin = createDealsAdmin({ db, jobs, marketplace, notifier, recordAudit, logger });
  void dealsAdmin
    .registerJobs()
    .catch((err) => logger.error({ err }, "could not register the deals' reconciliation job"));
  return { deals, dealsAdmin };
}
