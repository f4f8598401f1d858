import { formatShortDateTime } from "#core/formats/dates.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import type { DealRecord } from "./tables.ts";

/**
 * The deals' notices (issue 35, item 8): a system message in the bell and a mail for each step,
 * each kind switchable in the user's notice settings. Written in the step's transaction, once per
 * deal and step (`onceKey`), so a retried job or webhook never sends a second one.
 */

export type DealNoticeKind =
  | "deal_created"
  | "deal_pay_reminder"
  | "deal_ship_reminder"
  | "deal_release_reminder"
  | "deal_pickup_reminder"
  | "deal_paid"
  | "deal_shipped"
  | "deal_released"
  | "deal_cancelled"
  | "deal_second_chance"
  | "bidding_suspended";

export type DealNotices = ReturnType<typeof createDealNotices>;

/** A personal pickup's texts (the goods handed over in the town), else the side's own. */
const pickup = (deal: DealRecord, side: "buyer" | "seller") => (deal.carrier === null ? "pickup" : side);

/** One notice of a deal to one side, written once per deal, step and side (`onceKey`). */
function dealSender(notifier: Pick<Notifier, "notify">) {
  return (
    tx: Db,
    deal: DealRecord,
    kind: DealNoticeKind,
    to: "buyer" | "seller",
    onceKey: string,
    date: Date | null = null,
    variant: string = to,
  ) =>
    notifier.notify(tx, to === "buyer" ? deal.buyerId : deal.sellerId, kind, {
      productId: deal.productId,
      link: { page: "accountDeal", params: { dealId: deal.id } },
      variant,
      values: {
        total: formatPrice(deal.totalMinor, null),
        price: formatPrice(deal.priceMinor, null),
        payout: formatPrice(deal.priceMinor - deal.sellerCommissionMinor + deal.deliveryMinor, null),
        date: date ? formatShortDateTime(date, "cs") : "",
        tracking: deal.trackingNumber ?? "",
        town: deal.pickupTown ?? "",
      },
      payload: { dealId: deal.id },
      onceKey: `deal:${deal.id}:${onceKey}:${to}`,
    });
}

export function createDealNotices(notifier: Pick<Notifier, "notify">) {
  const send = dealSender(notifier);
  return {
    /** The second strike: bidding suspended, with the statement of its reasons. */
    biddingSuspended: (tx: Db, deal: DealRecord) => send(tx, deal, "bidding_suspended", "buyer", "suspended"),
    /** A deal was made: the buyer pays by the deadline; the seller waits for it. */
    async created(tx: Db, deal: DealRecord) {
      await send(tx, deal, "deal_created", "buyer", "created", deal.payBy);
      await send(tx, deal, "deal_created", "seller", "created", deal.payBy);
    },
    /** The deadline to pay comes closer (`hours` before it). */
    reminder: (tx: Db, deal: DealRecord, hours: number) =>
      send(tx, deal, "deal_pay_reminder", "buyer", `reminder-${hours}`, deal.payBy),
    /** The ship-by deadline comes closer: ship it, or for a pickup have it ready in the town. */
    shipReminder: (tx: Db, deal: DealRecord, hours: number) =>
      send(
        tx,
        deal,
        "deal_ship_reminder",
        "seller",
        `ship-reminder-${hours}`,
        deal.shipBy,
        pickup(deal, "seller"),
      ),
    /** The release comes closer: a dispute before it if something is wrong, else the receipt confirmed. */
    releaseReminder: (tx: Db, deal: DealRecord, hours: number) =>
      send(
        tx,
        deal,
        "deal_release_reminder",
        "buyer",
        `release-reminder-${hours}`,
        deal.releaseAt,
        pickup(deal, "buyer"),
      ),
    /** A pickup's deadline comes closer: the buyer collects with the code, the seller waits till then. */
    async pickupReminder(tx: Db, deal: DealRecord, hours: number) {
      for (const to of ["buyer", "seller"] as const)
        await send(tx, deal, "deal_pickup_reminder", to, `pickup-reminder-${hours}`, deal.pickupBy);
    },
    /** Paid: the money is held; the seller ships by the deadline. */
    async paid(tx: Db, deal: DealRecord) {
      await send(tx, deal, "deal_paid", "seller", "paid", deal.shipBy);
      await send(tx, deal, "deal_paid", "buyer", "paid", deal.shipBy);
    },
    shipped: (tx: Db, deal: DealRecord) => send(tx, deal, "deal_shipped", "buyer", "shipped", deal.releaseAt),
    /** Personal pickup: the goods wait in the town; the buyer shows the deal's code at the handover. */
    readyForPickup: (tx: Db, deal: DealRecord) =>
      send(tx, deal, "deal_shipped", "buyer", "pickup", null, "pickup"),
    /** The seller entered the buyer's code: handed over; released at `releaseAt` unless disputed. */
    pickedUp: (tx: Db, deal: DealRecord) =>
      send(tx, deal, "deal_shipped", "buyer", "picked-up", deal.releaseAt, "picked_up"),
    released: (tx: Db, deal: DealRecord) => send(tx, deal, "deal_released", "seller", "released"),
    /** Cancelled: not paid, shipped or collected in time, or by the operator (the buyer refunded). */
    async cancelled(tx: Db, deal: DealRecord, why: "unpaid" | "not_shipped" | "not_collected" | "operator") {
      await send(tx, deal, "deal_cancelled", "buyer", `cancelled-${why}`, null, `${why}_buyer`);
      await send(tx, deal, "deal_cancelled", "seller", `cancelled-${why}`, null, `${why}_seller`);
    },
  };
}
