import { createDashboardService } from "#server/modules/admin/index.ts";
import { biddingDashboardFigures } from "#server/modules/bidding/index.ts";
import type { DealsAdmin } from "#server/modules/deal-admin/index.ts";
import type { DisputesService } from "#server/modules/disputes/index.ts";
import type { HeldMoneyService } from "#server/modules/held-money/index.ts";
import { listingsDashboardFigures } from "#server/modules/listing-reads/index.ts";
import { type ModerationService, moderationDashboardFigures } from "#server/modules/moderation/index.ts";
import { ordersDashboardFigures } from "#server/modules/orders/index.ts";
import { statementLinesUnmatched } from "#server/modules/payments/index.ts";
import type { UnpaidWinsAdmin } from "#server/modules/unpaid-wins/index.ts";
import type { Base } from "./base.ts";

/**
 * The back office's dashboard (server/modules/admin/dashboard.ts): each count and figure is a named
 * function of the module that owns its rows, so the admin module never reads another's tables.
 */
export function wireDashboard(
  { db }: Pick<Base, "db">,
  // The open reports are counted as the queue lists them (the older reports taken in first).
  {
    moderation: moderationService,
    dealsAdmin,
    heldMoney,
    disputes,
    unpaidWinsAdmin,
  }: {
    moderation: Pick<ModerationService, "absorbOlderReports">;
    dealsAdmin: Pick<DealsAdmin, "dashboard">;
    heldMoney: Pick<HeldMoneyService, "configured" | "balanceDifference">;
    disputes: Pick<DisputesService, "escalatedCount">;
    unpaidWinsAdmin: Pick<UnpaidWinsAdmin, "strikesToReview">;
  },
) {
  const listings = listingsDashboardFigures(db);
  const bidding = biddingDashboardFigures(db);
  const orders = ordersDashboardFigures(db);
  const moderation = moderationDashboardFigures(db, moderationService);
  return createDashboardService({
    queues: {
      reports: moderation.reportsOpen,
      complaints: moderation.complaintsOpen,
      listingsInReview: listings.listingsInReview,
      ordersToShip: orders.ordersToShip,
      ordersAwaitingTransfer: orders.ordersAwaitingTransfer,
      statementLines: () => statementLinesUnmatched(db),
      listingsLive: listings.listingsLive,
      dealsOverdue: dealsAdmin.dashboard.overdueDeals,
      dealCallsRefused: dealsAdmin.dashboard.refusedCalls,
      disputesEscalated: disputes.escalatedCount,
      strikesToReview: unpaidWinsAdmin.strikesToReview,
      // A mismatch is one thing to look at, with its amount (the card shows the money); without a
      // provider there is nothing to check and no card.
      ...(heldMoney.configured()
        ? {
            dealsBalanceMismatch: async () => {
              const differenceMinor = await heldMoney.balanceDifference();
              return { count: differenceMinor === 0 ? 0 : 1, amountMinor: differenceMinor };
            },
          }
        : {}),
    },
    newListingsByDay: listings.newListingsByDay,
    bidsByDay: bidding.bidsByDay,
    shopOrdersPaidByDay: orders.shopOrdersPaidByDay,
    auctionsSoldByDay: listings.auctionsSoldByDay,
    feesPaidByDay: orders.feesPaidByDay,
  });
}
