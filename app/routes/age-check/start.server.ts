import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { shopperOf } from "#app/features/shop/shopper.server.ts";
import { type FormReply, parseForm } from "#app/ui/forms/conform.ts";
import { isAgeCheckRefusal } from "#core/contracts/age-check.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AgeCheckStartSchema } from "#core/schemas/age-check.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page to go back to: a safe local path (with its query), else the home page. */
export function returnPathOf(value: string | null | undefined, locale: Locale): string {
  return safeRedirect(value ?? undefined, localePath("home", locale));
}

/**
 * The age-check page: the ways to prove one's age (the providers the server has), the account's
 * check if it is done, and the refusal of the last attempt (`?chyba=`) in words that say why and
 * what to do. A guest comes from the checkout (`?objednavka=1`) and proves it for that order.
 */
export async function loadAgeCheck({ request, context }: Args) {
  const { services, user, locale } = context.get(appContext);
  const url = new URL(request.url);
  const returnTo = returnPathOf(url.searchParams.get("zpet"), locale);
  const forOrder = url.searchParams.get("objednavka") === "1";
  const code = url.searchParams.get("chyba") ?? "";
  const verification = user ? await services.ageCheck.verificationOf(user.id) : null;
  const shop = services.shop;
  const orderCleared =
    !user && forOrder
      ? await (async () => {
          const key = await shop.checkoutKey(shopperOf(request, context));
          return key ? services.ageCheck.checkoutCleared(key) : false;
        })()
      : false;
  return {
    methods: services.ageCheck.methods(),
    signedIn: user !== null,
    forOrder: forOrder && !user,
    returnTo,
    verification,
    orderCleared,
    refusal: isAgeCheckRefusal(code)
      ? { code, message: translate(locale, `ageCheck.refusal.${code}`) }
      : null,
    loginPath: `${localePath("account", locale)}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
  };
}

/**
 * The chosen way: a new attempt for the account (or the guest's current checkout), then the
 * browser goes to the provider. A refusal comes back to the page with its words.
 */
export async function startAgeCheck({ request, context }: Args) {
  const { services, user, locale, config, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), AgeCheckStartSchema, locale);
  const answer = (result: FormReply, status: number) => data({ result }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 422);
  const { method, forOrder } = submission.value;
  const returnPath = returnPathOf(submission.value.returnTo, locale);
  let owner: { userId: number } | { checkoutKey: string };
  if (user) owner = { userId: user.id };
  else {
    const key = forOrder ? await services.shop.checkoutKey(shopperOf(request, context)) : null;
    if (!key) throw redirect(`${localePath("account", locale)}?redirect=${encodeURIComponent(returnPath)}`);
    owner = { checkoutKey: key };
  }
  const started = await services.ageCheck.start({
    method,
    owner,
    returnPath,
    locale,
    callbackUrl: `${config.publicUrl}${localePath("ageCheckReturn", "cs")}`,
    limitKey: user ? `user:${user.id}` : `ip:${clientIp}`,
  });
  if (!started.ok) {
    const message = translate(locale, `ageCheck.refusal.${started.code}`);
    return answer(submission.reply({ formErrors: [message] }), started.code === "limited" ? 429 : 503);
  }
  throw redirect(started.value.redirectUrl);
}
