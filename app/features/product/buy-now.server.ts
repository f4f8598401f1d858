import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { parsePathId } from "#app/ui/seo/canonical.ts";
import { buyNowRefusalMessage } from "#core/contracts/bid-refusal.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ageCheckPath } from "#core/web/age-check-path.ts";
import { refusalStatus } from "#core/web/refusal-status.ts";
import { BUY_NOW_INTENT, type BuyNowActionData } from "./buy-now.tsx";

/** Whether the product page's POST is "Kup hned" (the form's intent). */
export async function isBuyNowRequest(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  return (await request.clone().formData()).get("intent") === BUY_NOW_INTENT;
}

/**
 * "Kup hned" on an auction's page, confirmed (the binding step is the box's own): the bidding
 * service buys at the stored price under the auction's lock. A guest goes to log in and back, a
 * buyer without the age check to it and back; a purchase leads to the buyer's purchases (the deal
 * to pay) or back to the page, now sold; a refusal comes back to the box, translated.
 */
export async function buyNowAction({
  params,
  request,
  context,
}: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}) {
  const { services, locale, user } = context.get(appContext);
  const id = parsePathId(params.id);
  if (!id) throw data(null, { status: 404 });
  // A script's POST comes as the page's path plus ".data" (React Router's single fetch).
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  if (!user) throw redirect(`${localePath("account", locale)}?redirect=${encodeURIComponent(page)}`);
  const result = await services.bidding.buyNow({ productId: id, buyer: user });
  if (result.ok) throw redirect(result.dealFollows ? localePath("accountPurchases", locale) : page);
  if (result.reason === "age_unverified") throw redirect(ageCheckPath(locale, page));
  const status = result.reason === "buy_now_unavailable" ? 409 : refusalStatus(result.reason);
  return data<BuyNowActionData>(
    { intent: BUY_NOW_INTENT, message: buyNowRefusalMessage(locale, result.reason) },
    { status },
  );
}
