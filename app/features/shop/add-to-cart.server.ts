import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import {
  ADDED_PARAM,
  type AddToCartActionData,
  AddToCartFormSchema,
  isAddToCartSubmission,
  LIMITED_PARAM,
} from "#app/features/shop/forms.ts";
import { cartCookieHeaders, shopperOf } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { shopRefusalMessage } from "#core/contracts/shop-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Whether a product page's post is the buy box's (read from a copy: the action reads the body). */
export async function isAddToCartRequest(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  return isAddToCartSubmission(await request.clone().formData());
}

/**
 * "Do košíku" on a shop product's page: the shop adds the pieces at the price the visitor saw (a
 * guest's first line opens their cart, whose cookie is set here), then the page again with
 * "Přidáno do košíku" (a reload does not add again). A refusal comes back to the form, translated.
 */
export async function addToCartAction({ request, context }: Args) {
  const { services, locale, config, logger } = context.get(appContext);
  const submission = parseForm(await request.formData(), AddToCartFormSchema, locale);
  const answer = (result: FormReply, status: number) =>
    data<AddToCartActionData>({ intent: "cart", result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 422);
  const { productId, quantity, seenPriceMinor } = submission.value;
  let result: Awaited<ReturnType<typeof services.shop.add>>;
  try {
    result = await services.shop.add(shopperOf(request, context), { productId, quantity, seenPriceMinor });
  } catch (error) {
    logger.error({ err: error }, "shop: adding to the cart failed");
    return answer(submission.reply({ formErrors: [translate(locale, "shop.cart.errors.save")] }), 503);
  }
  if (!result.ok && result.code === "invalid")
    return answer(submission.reply({ fieldErrors: translateProblems(locale, result.details) }), 422);
  if (!result.ok) return answer(submission.reply({ formErrors: [shopRefusalMessage(locale, result)] }), 409);
  const added = result.value;
  const back = new URL(request.url);
  back.search = `?${ADDED_PARAM}=${added.quantity}${added.limited ? `&${LIMITED_PARAM}=1` : ""}`;
  throw redirect(`${back.pathname}${back.search}`, {
    headers: cartCookieHeaders(added.cartToken, config.publicUrl),
  });
}
