import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { BuyStep } from "#app/features/product/buy-step.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { type BuyRefusalCode, buyRefusalKey, buyRefusalStatus } from "#core/contracts/deal-buy.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { variantSrc } from "#core/web/image-variants.ts";
import type { Route } from "./+types/buy";

/**
 * "Koupit" (/ucet/koupit/:productId, issue 35 item 1): the buy step of a fixed-price classified
 * whose seller takes payment through the site. Guests are sent to log in by the auth middleware
 * and come back here. The options' breakdowns are the server's; buying makes the deal (one per
 * form: its key) and goes on to the deal's page to pay. Refusals are said in words.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("dealBuy.page.title"), noindex: true }));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const productId = requirePathId(params.productId);
  const product = await services.productPages.productDetail(productId, locale);
  if (!product?.seller) throw data(null, { status: 404 });
  const back = { name: product.name, url: product.url };
  const quote = await services.deals.buyQuote(productId, user!.id);
  if (!quote.ok) {
    if (quote.code === "not_found") throw data(null, { status: 404 });
    return data(
      { refused: translate(locale, buyRefusalKey(quote.code)), back, view: null },
      { status: buyRefusalStatus(quote.code) },
    );
  }
  if (quote.value.ownDealId !== null)
    throw redirect(localePath("accountDeal", locale, { dealId: quote.value.ownDealId }));
  const asked = new URL(request.url).searchParams.get("carrier");
  const chosen = quote.value.options.some((option) => option.carrier === asked)
    ? (asked as typeof quote.value.preselected)
    : quote.value.preselected;
  const image = product.images[0]?.url;
  const setting = await services.deals.activeSetting();
  return {
    refused: null,
    back,
    view: {
      item: {
        name: product.name,
        url: product.url,
        image: image ? variantSrc(image, 160) : null,
        seller: product.seller.username,
        priceMinor: quote.value.priceMinor,
      },
      options: quote.value.options,
      chosen,
      requestKey: crypto.randomUUID(),
      payDays: setting?.payDays ?? 3,
    },
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const productId = requirePathId(params.productId);
  const form = await request.formData();
  const carrier = String(form.get("carrier") ?? "");
  const requestKey = String(form.get("requestKey") ?? "");
  const bought = await services.deals.buyNow({
    productId,
    buyerId: user!.id,
    carrier: carrier as "pickup",
    requestKey,
  });
  if (bought.ok) throw redirect(localePath("accountDeal", locale, { dealId: bought.value.dealId }));
  if (bought.code === "not_found") throw data(null, { status: 404 });
  const code: BuyRefusalCode = bought.code;
  return data({ error: translate(locale, buyRefusalKey(code)) }, { status: buyRefusalStatus(code) });
}

export default function BuyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.view)
    return (
      <section className="flex flex-col gap-4" data-testid="buy-page">
        <Link to={loaderData.back.url} className="text-sm text-primary-dark underline underline-offset-4">
          {t("dealBuy.page.back")}
        </Link>
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{loaderData.back.name}</h1>
        <p className="rounded-lg bg-light px-4 py-3 ring-1 ring-line" role="alert" data-testid="buy-refused">
          {loaderData.refused}
        </p>
      </section>
    );
  return <BuyStep view={loaderData.view} error={actionData?.error ?? null} />;
}
