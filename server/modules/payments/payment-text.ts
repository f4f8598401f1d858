import type { OrderKind } from "#core/contracts/payments.ts";
import { type Locale, translate } from "#core/i18n/index.ts";

/**
 * The texts an order carries out of the site (ADR 0068, a template like a mail's): its line on the
 * tax document (in Czech: the document is), the message of its bank transfer and the description
 * the card gateway shows the payer (in the payer's language). The services decide when; this file
 * says it.
 */

/** The promotion's order line. */
export function promotionLineText(days: number, listingName: string): string {
  return translate("cs", "payments.item.promotion", { days, name: listingName });
}

/** The insertion fee's order line. */
export function listingFeeLineText(listingName: string): string {
  return translate("cs", "payments.item.listingFee", { name: listingName });
}

/** The bank transfer's message (shown with the payment details and in the QR payment). */
export function transferMessageText(locale: Locale, orderId: number): string {
  return translate(locale, "payments.bank.message", { number: orderId });
}

/** What the card gateway shows the payer: the order's kind and its listing's name. */
export function cardPaymentText(locale: Locale, kind: OrderKind, listingName: string | null): string {
  return translate(locale, `payments.kind.${kind}`) + (listingName ? `: ${listingName}` : "");
}
