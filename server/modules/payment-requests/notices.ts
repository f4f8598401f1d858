import { formatShortDateTime } from "#core/formats/dates.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "../messages/index.ts";
import type { PaymentRequestRow } from "./tables.ts";

/**
 * The notice `deal_payment_request` (bell and mail, switchable): to the buyer when a request
 * arrives (`buyer`), to the seller when it is declined or expires unanswered; an acceptance is the
 * deal's `deal_created`.
 */
export const tell = (
  notifier: Pick<Notifier, "notify">,
  tx: Db,
  request: PaymentRequestRow,
  variant: "buyer" | "declined" | "expired",
) =>
  notifier.notify(tx, variant === "buyer" ? request.buyerId : request.sellerId, "deal_payment_request", {
    productId: request.productId,
    link: { page: "accountMessageThread", params: { threadId: request.threadId } },
    variant,
    values: {
      price: formatPrice(request.priceMinor, null),
      date: formatShortDateTime(request.expiresAt, "cs"),
    },
    payload: { requestId: request.id, threadId: request.threadId },
    onceKey: `payment-request:${request.id}:${variant}`,
  });
