import { formatShortDateTime } from "#core/formats/dates.ts";
import type { Db } from "#server/db/client.ts";
import { lockDeal } from "../deals/index.ts";
import type { Notifier } from "../messages/index.ts";

/**
 * The disputes' notices (issue 35, item 8): a system message and a mail to a side of the deal for
 * each step (`messages.notice.deal_dispute.<event>_<side>`), in the step's transaction; a step
 * notices once (`onceKey`), each message its own.
 */
export function createDisputeNotices(notifier: Pick<Notifier, "notify">) {
  const tell = async (
    tx: Db,
    dealId: number,
    event: string,
    to: "buyer" | "seller",
    key = event,
    values?: ReturnValues,
  ) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) return;
    await notifier.notify(tx, to === "buyer" ? deal.buyerId : deal.sellerId, "deal_dispute", {
      productId: deal.productId,
      link: { page: "accountDeal", params: { dealId } },
      variant: `${event}_${to}`,
      ...(values ? { values: returnValues(values) } : {}),
      payload: { dealId },
      onceKey: `deal:${dealId}:dispute-${key}:${to}`,
    });
  };
  const both = async (tx: Db, dealId: number, event: string, key = event, values?: ReturnValues) => {
    await tell(tx, dealId, event, "buyer", key, values);
    await tell(tx, dealId, event, "seller", key, values);
  };
  /** A return's notices are once per its deadline: an operator may order a second after a lapse. */
  const returnKey = (event: string, values: ReturnValues) => `${event}-${values.returnBy?.getTime() ?? 0}`;
  return {
    /** The buyer opened a dispute: the seller is told. */
    opened: (tx: Db, dealId: number) => tell(tx, dealId, "opened", "seller"),
    /** A message or a proposal: the other side is told. */
    async message(tx: Db, dealId: number, authorId: number, messageKey: string) {
      const deal = await lockDeal(tx, dealId);
      if (deal)
        await tell(
          tx,
          dealId,
          "message",
          deal.buyerId === authorId ? "seller" : "buyer",
          `message-${messageKey}`,
        );
    },
    escalated: (tx: Db, dealId: number) => both(tx, dealId, "escalated"),
    resolved: (tx: Db, dealId: number) => both(tx, dealId, "resolved"),
    /** A return agreed or ordered: the buyer sends the item by its date, the seller waits for it. */
    returnStarted: (tx: Db, dealId: number, values: ReturnValues) =>
      both(tx, dealId, "return_started", returnKey("return_started", values), values),
    /** A day before the return's deadline, while nothing was sent: the buyer. */
    returnReminder: (tx: Db, dealId: number, values: ReturnValues) =>
      tell(tx, dealId, "return_reminder", "buyer", returnKey("return_reminder", values), values),
    /** The buyer sent it: the seller, with the number and the date to confirm by. */
    returnShipped: (tx: Db, dealId: number, values: ReturnValues) =>
      tell(tx, dealId, "return_shipped", "seller", returnKey("return_shipped", values), values),
    /** The seller confirmed the item back (or its confirm days passed): the full refund, both told. */
    returnRefunded: (tx: Db, dealId: number, automatic: boolean) =>
      both(tx, dealId, automatic ? "return_auto_refunded" : "return_refunded"),
    /** Nothing sent by the deadline: the operator decides, both told. */
    returnLapsed: (tx: Db, dealId: number, values: ReturnValues) =>
      both(tx, dealId, "return_lapsed", returnKey("return_lapsed", values), values),
  };
}

/** What a return's notice may say: its deadlines and the parcel's number (the carrier is on the page). */
export type ReturnValues = {
  returnBy?: Date | null;
  confirmBy?: Date | null;
  tracking?: string | null;
};

const returnValues = (values: ReturnValues) => ({
  date: values.returnBy ? formatShortDateTime(values.returnBy, "cs") : "",
  confirmDate: values.confirmBy ? formatShortDateTime(values.confirmBy, "cs") : "",
  tracking: values.tracking ?? "",
});
