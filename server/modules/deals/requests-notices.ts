import { formatShortDateTime } from "#core/formats/dates.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import type { PaymentRequestRow } from "./tables/requests.ts";

/**
 * The payment request's notices (bell and mail, the kind `deal_payment_request` switchable in the
 * notice settings): to the buyer when one arrives, to the seller when it is declined. Its
 * acceptance is the deal's own `deal_created` notice to both ("sold for …, pay by …").
 */
export function requestNotices(notifier: Pick<Notifier, "notify">) {
  const notify = (
    tx: Db,
    request: PaymentRequestRow,
    to: "buyer" | "seller",
    variant: string,
    total: number,
  ) =>
    notifier.notify(tx, to === "buyer" ? request.buyerId : request.sellerId, "deal_payment_request", {
      productId: request.productId,
      link: { page: "accountMessageThread", params: { threadId: request.threadId } },
      variant,
      values: {
        price: formatPrice(request.priceMinor, null),
        total: formatPrice(total, null),
        date: formatShortDateTime(request.expiresAt, "cs"),
      },
      payload: { requestId: request.id, threadId: request.threadId },
      onceKey: `payment-request:${request.id}:${variant}`,
    });
  return {
    /** A request arrived: the price, the total with delivery and protection, and until when. */
    sent: (tx: Db, request: PaymentRequestRow, totalMinor: number) =>
      notify(tx, request, "buyer", "buyer", totalMinor),
    /** The buyer declined it. */
    declined: (tx: Db, request: PaymentRequestRow) =>
      notify(tx, request, "seller", "declined", request.priceMinor + request.deliveryMinor),
  };
}
