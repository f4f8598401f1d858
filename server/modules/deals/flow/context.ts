import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { Notifier } from "../../messages/index.ts";
import type { RecordUnpaidWin } from "../deadlines.ts";
import { FEE_INVOICES_QUEUE } from "../fee-invoices.ts";
import { type DealTermsSource, dealsSettingIfOn } from "../making.ts";
import { createDealNotices } from "../notices.ts";
import { startingSteps } from "./start.ts";

/** Whether a user's buying is suspended, read through the caller's executor at a moment. */
export type BuyerSuspended = (executor: Db, userId: number, at: Date) => Promise<boolean>;

/** What the deals' flow is built from (server/wiring/deals.ts). */
export type DealFlowDeps = {
  db: Db;
  jobs: JobRunner;
  /** Null where no provider is configured: deals through the site are off. */
  marketplace: MarketplacePayments | null;
  settings: {
    get<T = unknown>(name: string): Promise<T | undefined>;
    sharedValueIn<T = unknown>(executor: Db, name: string): Promise<T | undefined>;
  };
  terms: DealTermsSource;
  /** The strike of a won auction left unpaid (server/modules/unpaid-wins), in the deadline's transaction. */
  recordUnpaidWin: RecordUnpaidWin;
  /**
   * Whether the user's buying is suspended for unpaid wins (server/modules/unpaid-wins): "Koupit"
   * is refused to them as bidding is. Absent: nobody is suspended.
   */
  buyerSuspended?: BuyerSuspended;
  notifier: Pick<Notifier, "notify">;
  publicUrl: string;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
};

export const AUCTION_DEAL_QUEUE = "deals.from_auction";
export const PROVIDER_CALLS_QUEUE = "deals.provider_calls";

/** What every group of the flow's steps shares: the dependencies, the clock, the notices, the setting. */
export function createFlowContext(deps: DealFlowDeps) {
  const { jobs, marketplace, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const notices = createDealNotices(deps.notifier);
  return {
    ...deps,
    now,
    notices,
    ...startingSteps({ jobs, notices, now }),
    /** The `deals` setting when deals through the site are on (and a provider is configured), else null. */
    setting: async () => (marketplace ? dealsSettingIfOn(await deps.settings.get("deals")) : null),
    /**
     * The setting for a deal already promised (an auction's close said the winner pays on the
     * site): its terms even if deals were switched off since; null only without a provider.
     */
    promisedSetting: async () =>
      marketplace ? dealsSettingIfOn({ ...(await deps.settings.get<object>("deals")), enabled: true }) : null,
    /** The same, read through the caller's transaction (a decision inside the auction's close). */
    settingIn: async (tx: Db) =>
      marketplace ? dealsSettingIfOn(await deps.settings.sharedValueIn(tx, "deals")) : null,
    /** The deal's page, where the provider sends the buyer back. */
    dealUrl: (dealId: number, locale: Locale) =>
      `${deps.publicUrl}${locale === "en" ? "/en/account/deals" : "/ucet/obchody"}/${dealId}`,
    /**
     * Lets the decided provider calls run now, and the fee documents asked for be issued (the
     * sweep runs both anyway if this is lost).
     */
    kickCalls: () =>
      Promise.all(
        [PROVIDER_CALLS_QUEUE, FEE_INVOICES_QUEUE].map((queue) =>
          jobs
            .send(queue, {}, { singletonKey: "run" })
            .catch((error) =>
              logger.warn({ err: error, queue }, "a deals job could not be sent; the sweep will run it"),
            ),
        ),
      ),
  };
}

export type FlowContext = ReturnType<typeof createFlowContext>;
