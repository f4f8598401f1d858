import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { loadOptions, loadStep, shopperOf, stepPath } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { DeliveryStepSchema } from "#core/schemas/checkout.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The carriers, the branches and the payment methods from the `shop` setting, with the cart. */
export async function loadDeliveryStep({ request, context }: Args) {
  const cart = await loadStep(request, context, "delivery");
  return { cart, options: await loadOptions(context) };
}

/** Saves delivery and payment on the cart (the shop checks the pair), then on to the details. */
export async function deliveryAction({ request, context }: Args) {
  const { services, locale, logger } = context.get(appContext);
  const submission = parseForm(await request.formData(), DeliveryStepSchema, locale);
  const answer = (result: FormReply, status: number) => data({ result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 422);
  let result: Awaited<ReturnType<typeof services.shop.saveDelivery>>;
  try {
    result = await services.shop.saveDelivery(shopperOf(request, context), submission.value);
  } catch (error) {
    logger.error({ err: error }, "shop: delivery and payment could not be saved");
    return answer(submission.reply({ formErrors: [translate(locale, "shop.cart.errors.save")] }), 503);
  }
  if (!result.ok && result.code === "invalid")
    return answer(submission.reply({ fieldErrors: translateProblems(locale, result.details) }), 422);
  if (!result.ok) return answer(submission.reply({ formErrors: [shopRefusalMessage(locale, result)] }), 409);
  throw redirect(stepPath("details", locale));
}
