import { translate } from "#core/i18n/index.ts";
import { deliveryName, type OrderDelivery } from "./setting.ts";

/**
 * A shop order's own lines as the tax document names them (ADR 0068, a template like a mail's):
 * in Czech, the document's language, whatever the customer's.
 */

/** The delivery's line: the carrier's or the branch's name. */
export function deliveryLineText(delivery: OrderDelivery): string {
  return translate("cs", `payments.shop.line.${delivery.kind}`, { name: deliveryName(delivery) });
}

/** The cash-on-delivery fee's line. */
export function codFeeLineText(): string {
  return translate("cs", "payments.shop.line.cod");
}
