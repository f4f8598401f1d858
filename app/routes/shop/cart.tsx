import { Link, useSearchParams } from "react-router";
import { CartLines } from "#app/features/shop/cart-lines.tsx";
import {
  BACK_LINK,
  CheckoutAlert,
  CheckoutFrame,
  PRIMARY_BUTTON,
} from "#app/features/shop/checkout-frame.tsx";
import { CostSummary, FreeDeliveryNote } from "#app/features/shop/cost-summary.tsx";
import { type CartActionData, LIMITED_PARAM } from "#app/features/shop/forms.ts";
import { VoucherForm } from "#app/features/shop/voucher-form.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { primaryLinkClass, secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { CartView } from "#core/contracts/shop.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/cart";
import { cartAction, loadCartPage } from "./cart.server.ts";

/**
 * The cart (`/kosik`, `/en/cart`, docs/product/payments.md): a guest's (by the `cart` cookie) or
 * the user's. Lines with their pieces, problems since they went in (sold out, too few pieces, a
 * new price, which stop the checkout until seen), the voucher, the group discount, how far free
 * delivery is, and the way on to delivery and payment. Every form works without scripts.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("shop.cart.metaTitle"), noindex: true }));
}

export const loader = (args: Route.LoaderArgs) => loadCartPage(args);
export const action = (args: Route.ActionArgs) => cartAction(args);

function EmptyCart() {
  const { t, locale } = useTranslation();
  return (
    <section
      className="mx-auto max-w-xl rounded-xl border border-line bg-white p-6 text-center tablet:p-10"
      data-testid="cart-empty"
    >
      <h2 className="font-serif text-2xl text-primary-dark">{t("shop.cart.empty.title")}</h2>
      <p className="mt-3 text-muted">{t("shop.cart.empty.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={localePath("saleProducts", locale)} className={primaryLinkClass}>
          {t("shop.cart.empty.sale")}
        </Link>
        <Link to={localePath("newProducts", locale)} className={secondaryLinkClass}>
          {t("shop.cart.empty.new")}
        </Link>
      </div>
      <p className="mt-4">
        <Link to={localePath("home", locale)} className={BACK_LINK}>
          {t("shop.cart.empty.home")}
        </Link>
      </p>
    </section>
  );
}

/** The way on to delivery and payment; while a line has a problem it waits, and says why. */
function ContinueButton({ cart }: { cart: CartView }) {
  const { t, locale } = useTranslation();
  if (cart.blocked)
    return (
      <div>
        <button
          type="button"
          disabled
          aria-describedby="cart-blocked"
          className={PRIMARY_BUTTON}
          data-testid="cart-continue"
        >
          {t("shop.cart.continue")}
        </button>
        <p id="cart-blocked" className="mt-2 text-sm text-danger" data-testid="cart-blocked">
          {t("shop.cart.blocked")}
        </p>
      </div>
    );
  return (
    <Link to={localePath("cartDelivery", locale)} className={PRIMARY_BUTTON} data-testid="cart-continue">
      {t("shop.cart.continue")}
    </Link>
  );
}

/** After a count above the stock: the line keeps what there is, and says so. */
function LimitedNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!params.get(LIMITED_PARAM)) return null;
  return (
    <p
      role="status"
      className="rounded-lg bg-secondary/10 px-4 py-3 text-[#5e4712] ring-1 ring-secondary/40"
      data-testid="cart-limited"
    >
      {t("shop.cart.limited")}
    </p>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { cart, loadError } = loaderData;
  if (!cart)
    return (
      <CheckoutFrame
        step="cart"
        title={t("shop.cart.title")}
        alert={<CheckoutAlert messages={[loadError]} />}
      >
        <p>
          <Link to={localePath("home", locale)} className={BACK_LINK}>
            {t("shop.cart.empty.home")}
          </Link>
        </p>
      </CheckoutFrame>
    );
  const answer = actionData as CartActionData | undefined;
  const voucherResult = answer?.intent === "voucher" ? answer.result : undefined;
  // The voucher's refusal shows at its field; any other refusal above the lines.
  const alert = answer && answer.intent !== "voucher" ? answer.result.error?.[""] : null;
  const empty = cart.lines.length === 0;
  return (
    <CheckoutFrame
      step="cart"
      title={t("shop.cart.title")}
      alert={alert?.length ? <CheckoutAlert messages={alert} /> : empty ? null : <LimitedNotice />}
      aside={
        empty ? undefined : (
          <>
            <div>
              <FreeDeliveryNote cart={cart} />
              <ul className="mt-3 flex flex-col gap-1 text-sm text-muted" data-testid="cart-delivery-times">
                <li>{t("shop.buy.delivery")}</li>
                <li>{t("shop.cart.pickup")}</li>
              </ul>
            </div>
            <div className="border-t border-line pt-5">
              <VoucherForm voucher={cart.voucher} result={voucherResult} />
            </div>
            <div className="border-t border-line pt-5">
              <h2 className="sr-only">{t("shop.cart.summary")}</h2>
              <CostSummary cart={cart} withDelivery={false} />
            </div>
            <ContinueButton cart={cart} />
          </>
        )
      }
    >
      {empty ? (
        <EmptyCart />
      ) : (
        <section aria-labelledby="cart-lines-title">
          <h2 id="cart-lines-title" className="sr-only">
            {t("shop.cart.lines")}
          </h2>
          <CartLines lines={cart.lines} />
          <p className="mt-4">
            <Link to={localePath("saleProducts", locale)} className={BACK_LINK}>
              ← {t("shop.cart.continueShopping")}
            </Link>
          </p>
        </section>
      )}
    </CheckoutFrame>
  );
}
