import { data, type RouterContextProvider, redirect } from "react-router";
import { sessionCookie } from "#app/auth.server.ts";
import { appContext } from "#app/context.ts";
import { cartCookie, loadOptions, loadStep, shopperOf } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { PICKUP_PREFIX } from "#core/contracts/shop.ts";
import { shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { PlaceOrderSchema } from "#core/schemas/checkout.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The cart with every answer, and the chosen carrier or branch by name. */
export async function loadReviewStep({ request, context }: Args) {
  const cart = await loadStep(request, context, "review");
  const options = await loadOptions(context);
  const choice = cart.draft.delivery ?? "";
  const branch = choice.startsWith(PICKUP_PREFIX)
    ? (options.branches.find((entry) => `${PICKUP_PREFIX}${entry.key}` === choice) ?? null)
    : null;
  const carrier = options.carriers.find((entry) => entry.key === choice) ?? null;
  // The form's key to the binding click: a repeat of it answers the order the first one made.
  const { services, user } = context.get(appContext);
  const orderKey = await services.shop.checkoutKey(shopperOf(request, context));
  // Alcohol or tobacco: the buyer proves being 18+ first (issue 36; the shop refuses the order otherwise).
  const ageCheckNeeded = await services.ageCheck.orderNeedsCheck(
    cart.lines.map((line) => line.productId),
    { userId: user?.id ?? null, checkoutKey: orderKey },
  );
  return {
    cart,
    carrier,
    branch,
    pickup: choice.startsWith(PICKUP_PREFIX),
    orderKey,
    ageCheckNeeded,
    guest: !user,
  };
}

/**
 * The binding click: the shop places the order only at the total the customer saw, with the terms
 * and the 18+ confirmed. A guest who asked for an account is signed in with it (and their guest
 * cart's cookie goes). A card payment goes on to the gateway at once, as the order page's "Zaplatit
 * kartou" does; otherwise the order's summary page, with the QR transfer or what comes next. The
 * form's `orderKey` makes a repeat (a double click, the form sent again after "back" or a reload,
 * a second tab) answer the same order, so it leads to the same summary or payment (ADR 0069).
 */
export async function reviewAction({ request, context }: Args) {
  const { services, locale, logger, clientIp, config } = context.get(appContext);
  const form = await request.formData();
  const submission = parseForm(form, PlaceOrderSchema, locale);
  const orderKey = form.get("orderKey");
  const answer = (result: FormReply, status: number) => data({ result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 422);
  const client = { ip: clientIp, userAgent: request.headers.get("user-agent") };
  let result: Awaited<ReturnType<typeof services.shop.placeOrder>>;
  try {
    result = await services.shop.placeOrder(
      shopperOf(request, context),
      submission.value,
      client,
      typeof orderKey === "string" && orderKey ? orderKey : null,
    );
  } catch (error) {
    logger.error({ err: error }, "shop: the order could not be placed");
    return answer(submission.reply({ formErrors: [translate(locale, "shop.cart.errors.save")] }), 503);
  }
  if (!result.ok && result.code === "invalid")
    return answer(submission.reply({ fieldErrors: translateProblems(locale, result.details) }), 422);
  if (!result.ok) {
    const formErrors = [shopRefusalMessage(locale, result)];
    return answer(submission.reply({ formErrors }), result.code === "limited" ? 429 : 409);
  }
  const placed = result.value;
  const headers = new Headers();
  if (placed.login) {
    headers.append("Set-Cookie", sessionCookie(placed.login.token, config.publicUrl));
    headers.append("Set-Cookie", cartCookie("", config.publicUrl));
  }
  const { order } = placed;
  if (placed.payWithCard) {
    const card = await services.payments.payByCard(order.id, order.hash, locale).catch((error: unknown) => {
      logger.error({ err: error }, "shop: the card payment could not be started");
      return null;
    });
    if (card?.ok) throw redirect(card.value, { headers });
  }
  throw redirect(order.summaryPath, { headers });
}
