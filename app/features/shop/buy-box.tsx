import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { lazySchemaChecks, useLazySchemaForm } from "#app/ui/forms/lazy-schema-form.tsx";
import { WatchdogButton } from "#app/ui/watchdog-button.tsx";
import type { ProductDetail } from "#core/contracts/product.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ADDED_PARAM, isAddToCartSubmission, LIMITED_PARAM } from "./add-to-cart-params.ts";
import { CartGlyph } from "./cart-link.tsx";
import type { AddToCartActionData } from "./forms.ts";

/** The form's checks in the browser (zod and Conform), loaded when the visitor reaches the form (ADR 0039). */
const AddToCartChecks = lazySchemaChecks(() =>
  import("./forms.ts").then((module) => module.AddToCartFormSchema),
);

const ADD_BUTTON =
  "inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60";

/** "Přidáno do košíku" after the product page's action sent the visitor back here, with the way to the cart. */
function AddedNotice() {
  const { t, locale } = useTranslation();
  const [params] = useSearchParams();
  const added = Number(params.get(ADDED_PARAM));
  if (!Number.isInteger(added) || added <= 0) return null;
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg bg-success/10 px-4 py-3 text-[#1f5c44] ring-1 ring-success/30"
      data-testid="cart-added"
    >
      <p>
        <span className="font-semibold">✓ {t("shop.buy.added")}.</span>{" "}
        {params.get(LIMITED_PARAM)
          ? t("shop.buy.addedLimited", { count: added })
          : t("shop.buy.addedCount", { count: added })}
      </p>
      <Link
        to={localePath("cart", locale)}
        className="font-semibold underline underline-offset-4 hover:no-underline"
        data-testid="cart-added-link"
      >
        {t("shop.buy.toCart")} →
      </Link>
    </div>
  );
}

/**
 * The pieces and "Do košíku" (a plain form to the product page's action, so it works without
 * scripts): the shown price goes along, and the shop adds the line only at that price. A refusal
 * (sold out meanwhile, too few pieces, another price) shows under the button.
 */
function AddToCartForm({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const answer = useActionData() as AddToCartActionData | { intent?: string } | undefined;
  const result = answer?.intent === "cart" ? (answer as AddToCartActionData).result : undefined;
  const form = useLazySchemaForm(AddToCartChecks, result);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && isAddToCartSubmission(navigation.formData);
  const errors = [
    ...(form.errors[""] ?? []),
    ...(form.errors.quantity ?? []),
    ...(form.errors.seenPriceMinor ?? []),
  ];
  const quantityId = `${form.formProps.id}-quantity`;
  const hintId = `${quantityId}-hint`;
  const errorId = `${form.formProps.id}-error`;
  return (
    <>
      <Form
        method="post"
        {...form.formProps}
        noValidate
        preventScrollReset
        className="mt-4"
        data-testid="add-to-cart"
      >
        <input type="hidden" name="intent" value="cart" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="seenPriceMinor" value={product.priceMinor ?? 0} />
        <div className="flex items-end gap-3">
          <div className="w-24 shrink-0">
            <label htmlFor={quantityId} className="block text-sm font-medium">
              {t("shop.buy.quantity")}
            </label>
            <input
              id={quantityId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={product.stock}
              defaultValue={1}
              required
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? `${hintId} ${errorId}` : hintId}
              className="mt-1 h-12 w-full rounded border border-line bg-white px-3 text-center text-lg tabular-nums focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
              data-testid="add-to-cart-quantity"
            />
          </div>
          <button
            type="submit"
            className={ADD_BUTTON}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="add-to-cart-submit"
          >
            <CartGlyph />
            {t("shop.buy.add")}
          </button>
        </div>
        <p id={hintId} className="mt-1 text-xs text-muted">
          {t("shop.buy.quantityHint", { count: product.stock })}
        </p>
        {errors.length ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-danger" data-testid="add-to-cart-error">
            {errors.join(" ")}
          </p>
        ) : null}
      </Form>
      {form.checks}
    </>
  );
}

/**
 * A shop product's buying block (docs/product/screens.md; the spec's stock wording): in stock, the
 * pieces left, the pieces to buy and "Do košíku", delivery in 1–3 days in Prague and 3–5 elsewhere,
 * personal pickup at the branches; sold out, "Vyprodáno" with the stock watchdog, and pickup of
 * goods on order within 10 days.
 */
export function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const addedKey = params.get(ADDED_PARAM) ?? "";
  const inStock = product.stock > 0;
  const sellable = inStock && product.status === "active" && product.priceMinor !== null;
  return (
    <div data-testid="buy-box">
      <p
        className={`mt-4 text-sm font-semibold ${inStock ? "text-success" : "text-danger"}`}
        data-testid="stock"
      >
        {inStock ? t("product.stock.inStock", { count: product.stock }) : t("product.stock.soldOut")}
      </p>
      {/* A new form after each addition: the pieces start at 1 again. */}
      {sellable ? <AddToCartForm key={addedKey} product={product} /> : null}
      <AddedNotice />
      {!inStock ? (
        <WatchdogButton target={{ kind: "product", productId: product.id }} className="mt-3" />
      ) : null}
      <ul className="mt-4 flex flex-col gap-1.5 border-t border-line pt-3 text-sm text-muted">
        {inStock ? <li>{t("shop.buy.delivery")}</li> : null}
        <li>
          {t("shop.buy.pickup")}
          <span className="block text-xs" data-testid="backorder">
            {t("shop.buy.backorder")}
          </span>
        </li>
        <li>{t("product.stock.freeDelivery")}</li>
      </ul>
    </div>
  );
}
