import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import {
  type CartActionData,
  CartActionSchema,
  type CartIntent,
  LIMITED_PARAM,
} from "#app/features/shop/forms.ts";
import { readCart, shopperOf, stepPath } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The cart page's loader (app/routes/shop/cart.tsx): the cart, or the translated "store load
 * error" for the page to show as an alert (503).
 */
export async function loadCartPage({ request, context }: Args) {
  const cart = await readCart(request, context);
  if (cart) return { cart, loadError: null };
  const { locale } = context.get(appContext);
  return data({ cart: null, loadError: translate(locale, "shop.cart.errors.load") }, { status: 503 });
}

const INTENTS: CartIntent[] = ["quantity", "voucher", "removeVoucher", "confirmPrices"];

/**
 * The cart's forms: a line's pieces (0 removes it), the voucher and its removal, and "Beru na
 * vědomí" for changed prices. Done: back to the cart (a reload does not send it again). Refused:
 * the page again with the shop's translated reason, at the voucher field or above the lines.
 */
export async function cartAction({ request, context }: Args) {
  const { services, locale, logger, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), CartActionSchema, locale);
  const intent = INTENTS.find((name) => name === submission.payload.intent);
  if (!intent) throw data(null, { status: 400 });
  const answer = (result: FormReply, status: number) => data<CartActionData>({ intent, result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 422);
  const who = shopperOf(request, context);
  const form = submission.value;
  const client = { ip: clientIp, userAgent: request.headers.get("user-agent") };
  let result: Awaited<ReturnType<typeof services.shop.setQuantity | typeof services.shop.confirmPrices>>;
  try {
    if (form.intent === "quantity")
      result = await services.shop.setQuantity(who, { productId: form.productId, quantity: form.quantity });
    else if (form.intent === "voucher")
      result = await services.shop.applyVoucher(who, { code: form.code }, client);
    else if (form.intent === "removeVoucher") result = await services.shop.removeVoucher(who);
    else result = await services.shop.confirmPrices(who);
  } catch (error) {
    logger.error({ err: error }, "shop: the cart could not be changed");
    return answer(submission.reply({ formErrors: [translate(locale, "shop.cart.errors.save")] }), 503);
  }
  if (!result.ok && result.code === "invalid")
    return answer(submission.reply({ fieldErrors: translateProblems(locale, result.details) }), 422);
  if (!result.ok) {
    const message = shopRefusalMessage(locale, result);
    const reply =
      form.intent === "voucher"
        ? submission.reply({ fieldErrors: { code: [message] } })
        : submission.reply({ formErrors: [message] });
    return answer(reply, result.code === "limited" ? 429 : 409);
  }
  // More pieces asked than there are: the line keeps the stock, and the cart says so.
  const limited = result.value?.limited === true;
  throw redirect(limited ? `${stepPath("cart", locale)}?${LIMITED_PARAM}=1` : stepPath("cart", locale));
}
