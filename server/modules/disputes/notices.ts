import type { Db } from "#server/db/client.ts";
import { lockDeal } from "../deals/index.ts";
import type { Notifier } from "../messages/index.ts";

/**
 * The disputes' notices (issue 35, item 8): a system message and a mail to a side of the deal for
 * each step (`messages.notice.deal_dispute.<event>_<side>`), in the step's transaction; a step
 * notices once (`onceKey`), each message its own.
 */
export function createDisputeNotices(notifier: Pick<Notifier, "notify">) {
  const tell = async (tx: Db, dealId: number, event: string, to: "buyer" | "seller", key = event) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) return;
    await notifier.notify(tx, to === "buyer" ? deal.buyerId : deal.sellerId, "deal_dispute", {
      productId: deal.productId,
      link: { page: "accountDeal", params: { dealId } },
      variant: `${event}_${to}`,
      payload: { dealId },
      onceKey: `deal:${dealId}:dispute-${key}:${to}`,
    });
  };
  const both = async (tx: Db, dealId: number, event: string) => {
    await tell(tx, dealId, event, "buyer");
    await tell(tx, dealId, event, "seller");
  };
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
  };
}
