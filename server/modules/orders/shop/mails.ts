import { asc, eq } from "drizzle-orm";
import { PICKUP_PREFIX } from "#core/contracts/shop.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { formatIban } from "#core/formats/iban.ts";
import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import type { Db } from "#server/db/client.ts";
import { renderMail } from "../../mail/index.ts";
import { bankAccount, variableSymbolOf } from "../bank-account.ts";
import type { OrdersContext } from "../context.ts";
import { type Order, orderItems } from "../tables.ts";
import { deliveryName, deliveryOf } from "./setting.ts";

/**
 * A shop order's mails to its e-mail address, in the order's language (docs/product/payments.md,
 * "Shop orders"): the confirmation with the whole order when it is placed, the payment received,
 * and the parcel handed to the carrier with its tracking number. They are part of the order, not
 * notices: a guest gets them too, and no one can switch them off. Each is queued in the
 * transaction of the change it reports.
 */

type MailKey = KeysUnder<"payments.shopMail">;

function texts(order: Order) {
  const locale: Locale = order.locale;
  const t = (key: MailKey, values?: Record<string, string | number>) =>
    translate(locale, `payments.shopMail.${key}`, { number: order.id, ...values });
  const money = (minor: number) => formatPrice(minor, null, { locale, nonBreaking: false });
  return { locale, t, money };
}

function summaryUrl(ctx: OrdersContext, order: Order): string {
  return `${ctx.publicUrl}${localePath("orderSummary", order.locale, { id: order.id, hash: order.hash })}`;
}

async function send(
  ctx: OrdersContext,
  tx: Db,
  order: Order,
  content: { subject: string; paragraphs: string[]; closing?: string[] },
) {
  const { t } = texts(order);
  const rendered = renderMail({
    ...content,
    locale: order.locale,
    siteUrl: ctx.publicUrl,
    action: { label: t("summaryButton"), url: summaryUrl(ctx, order) },
    closing: [...(content.closing ?? []), t("signature")],
  });
  await ctx.mail.send({ to: order.email, ...rendered }, { tx });
}

/** The order's lines and sums, one line of text each. */
async function orderLines(tx: Db, order: Order): Promise<string[]> {
  const { t, money } = texts(order);
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const goods = items
    .filter((item) => item.kind === "item")
    .map((item) => `${item.quantity} × ${item.description}: ${money(item.quantity * item.unitPriceMinor)}`);
  const delivery = await deliveryOf(tx, order.carrier ?? "", order.locale);
  return [
    ...goods,
    ...(order.groupDiscountMinor > 0 ? [`${t("groupDiscount")}: -${money(order.groupDiscountMinor)}`] : []),
    ...(order.voucherDiscountMinor > 0
      ? [`${t("voucherDiscount")}: -${money(order.voucherDiscountMinor)}`]
      : []),
    `${t(delivery.kind === "pickup" ? "pickup" : "delivery", { name: deliveryName(delivery) })}: ${money(order.deliveryMinor)}`,
    ...(order.paymentFeeMinor > 0 ? [`${t("codFee")}: ${money(order.paymentFeeMinor)}`] : []),
    `${t("total")}: ${money(order.totalMinor)}`,
  ];
}

/** How the customer pays, and by when the order keeps its pieces. */
async function paymentParagraph(ctx: OrdersContext, tx: Db, order: Order): Promise<string> {
  const { locale, t, money } = texts(order);
  const amount = money(order.totalMinor);
  const until = order.reservedUntil ? formatShortDateTime(order.reservedUntil, locale) : "";
  if (order.paymentMethod === "cod") return t("payCod", { amount });
  if (order.paymentMethod === "bank_transfer") {
    const iban = await bankAccount(ctx, tx);
    if (iban)
      return t("payTransfer", {
        amount,
        iban: formatIban(iban),
        variableSymbol: variableSymbolOf(order.id),
        until,
      });
  }
  return t("payCard", { amount, until });
}

/** The order was placed: everything it says, and how to pay it. */
export async function sendOrderConfirmation(ctx: OrdersContext, tx: Db, order: Order): Promise<void> {
  const { t } = texts(order);
  await send(ctx, tx, order, {
    subject: t("placedSubject"),
    paragraphs: [
      t("greeting"),
      t("placedIntro"),
      // One paragraph per line: the HTML part does not keep line breaks inside a paragraph.
      ...(await orderLines(tx, order)),
      await paymentParagraph(ctx, tx, order),
    ],
    closing: [t("placedAfter")],
  });
}

/** The order's payment arrived (by card, by transfer); cash on delivery needs no such mail. */
export async function sendShopPaymentReceived(ctx: OrdersContext, tx: Db, order: Order): Promise<void> {
  const { t, money } = texts(order);
  await send(ctx, tx, order, {
    subject: t("paidSubject"),
    paragraphs: [t("greeting"), t("paidIntro", { amount: money(order.totalMinor) })],
    closing: [t(order.carrier?.startsWith(PICKUP_PREFIX) ? "paidPickup" : "paidShipping")],
  });
}

/** The parcel is with the carrier: its name and tracking number. */
export async function sendShopOrderShipped(ctx: OrdersContext, tx: Db, order: Order): Promise<void> {
  const { t, money } = texts(order);
  const delivery = await deliveryOf(tx, order.carrier ?? "", order.locale);
  await send(ctx, tx, order, {
    subject: t("shippedSubject"),
    paragraphs: [
      t("greeting"),
      t("shippedIntro", { carrier: deliveryName(delivery) }),
      ...(order.trackingNumber ? [t("tracking", { tracking: order.trackingNumber })] : []),
      ...(order.paidAt === null ? [t("payCod", { amount: money(order.totalMinor) })] : []),
    ],
  });
}

/** The operator refunded the order: how much goes back, and how. */
export async function sendOrderRefunded(
  ctx: OrdersContext,
  tx: Db,
  order: Order,
  refund: { amountMinor: number; byCard: boolean },
): Promise<void> {
  const { locale, t, money } = texts(order);
  await send(ctx, tx, order, {
    subject: translate(locale, "adminOrders.mail.refundedSubject", { number: order.id }),
    paragraphs: [
      t("greeting"),
      translate(
        locale,
        refund.byCard ? "adminOrders.mail.refundedCard" : "adminOrders.mail.refundedTransfer",
        {
          number: order.id,
          amount: money(refund.amountMinor),
        },
      ),
    ],
  });
}
