import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { paymentRefusalMessage } from "#core/contracts/payments.ts";

/**
 * The loader and action of an order's page, shared by the account's `/ucet/shrnuti/:orderId/:hash`
 * and the shop's public `/shrnuti/:id/:hash` (docs/product/payments.md, "One payments module"):
 * whoever holds the order's number and hash sees it and may pay it; anything else is a 404.
 */

type Context = Readonly<RouterContextProvider>;

export async function loadOrderSummary(context: Context, id: string | undefined, hash: string | undefined) {
  const { services, locale, user } = context.get(appContext);
  const order = await services.payments.order(requirePathId(id), hash ?? "", locale);
  if (!order) throw data(null, { status: 404 });
  // The QR code is drawn on the server: no script, and it prints.
  const qrSvg = order.bankTransfer ? await services.payments.qrSvg(order.bankTransfer.spayd) : null;
  return { order, qrSvg, signedIn: user !== null };
}

/** Pay by card: the order's page posts here; the payer goes on to the gateway, or hears why not. */
export async function payOrderByCard(context: Context, id: string | undefined, hash: string | undefined) {
  const { services, locale } = context.get(appContext);
  const result = await services.payments.payByCard(requirePathId(id), hash ?? "", locale);
  if (result.ok) throw redirect(result.value);
  if (result.code === "not_found") throw data(null, { status: 404 });
  const message = paymentRefusalMessage(locale, result.code);
  return data({ message }, { status: result.code === "limited" ? 429 : 409 });
}
