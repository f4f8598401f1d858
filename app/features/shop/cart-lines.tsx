import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CartLineView } from "#core/contracts/shop.ts";
import { useCzk } from "./orders/order-parts.tsx";

const SMALL_BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-line bg-white px-3 text-sm font-semibold text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-primary-dark disabled:cursor-not-allowed disabled:opacity-40";
const STEP_BUTTON =
  "inline-flex size-11 shrink-0 items-center justify-center text-xl leading-none text-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-primary-dark disabled:cursor-not-allowed disabled:opacity-30";

/** Hidden fields of a line's quantity change (core/schemas/checkout.ts, CartQuantitySchema). */
function QuantityIntent({ productId }: { productId: number }) {
  return (
    <>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="productId" value={productId} />
    </>
  );
}

/**
 * The line's pieces: − and + (each sends the new count through a form of its own, so they work
 * without scripts) and the number to type with "Změnit".
 */
function QuantityControls({ line }: { line: CartLineView }) {
  const { t } = useTranslation();
  const stepForm = `cart-step-${line.productId}`;
  const inputId = `cart-quantity-${line.productId}`;
  const max = Math.max(line.stock, 1);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" id={stepForm} preventScrollReset className="hidden">
        <QuantityIntent productId={line.productId} />
      </Form>
      <Form
        method="post"
        preventScrollReset
        className="flex items-center gap-2"
        data-testid="cart-quantity-form"
      >
        <QuantityIntent productId={line.productId} />
        <div className="inline-flex items-center rounded border border-line bg-white">
          <button
            type="submit"
            form={stepForm}
            name="quantity"
            value={line.quantity - 1}
            disabled={line.quantity <= 1}
            aria-label={t("shop.cart.decrease", { name: line.name })}
            className={`${STEP_BUTTON} rounded-l`}
          >
            −
          </button>
          <label htmlFor={inputId} className="sr-only">
            {t("shop.cart.quantityOf", { name: line.name })}
          </label>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(max, line.quantity)}
            defaultValue={line.quantity}
            key={line.quantity}
            className="h-11 w-12 border-x border-line text-center tabular-nums focus:outline-2 focus:outline-primary-dark"
            data-testid="cart-quantity"
          />
          <button
            type="submit"
            form={stepForm}
            name="quantity"
            value={line.quantity + 1}
            disabled={line.quantity >= line.stock}
            aria-label={t("shop.cart.increase", { name: line.name })}
            className={`${STEP_BUTTON} rounded-r`}
          >
            +
          </button>
        </div>
        <button type="submit" className={SMALL_BUTTON} data-testid="cart-quantity-submit">
          {t("shop.cart.change")}
        </button>
      </Form>
    </div>
  );
}

/** The line's removal: its count set to 0. */
function RemoveLine({ line }: { line: CartLineView }) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset>
      <QuantityIntent productId={line.productId} />
      <input type="hidden" name="quantity" value={0} />
      <button
        type="submit"
        aria-label={t("shop.cart.removeLabel", { name: line.name })}
        className="inline-flex min-h-8 items-center text-sm text-danger underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary-dark"
        data-testid="cart-remove"
      >
        {t("shop.cart.remove")}
      </button>
    </Form>
  );
}

/** What changed since the line went into the cart, and what the customer can do about it. */
function LineProblemNotice({ line }: { line: CartLineView }) {
  const { t } = useTranslation();
  const czk = useCzk();
  if (!line.problem) return null;
  const frame = "mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg px-3 py-2 text-sm ring-1";
  if (line.problem === "priceChanged")
    return (
      <div
        className={`${frame} bg-secondary/10 text-[#5e4712] ring-secondary/40`}
        data-testid="cart-problem"
        data-problem="priceChanged"
      >
        <p>
          {t("shop.cart.problem.priceChanged", {
            old: czk(line.seenUnitPriceMinor),
            new: czk(line.unitPriceMinor),
          })}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="confirmPrices" />
          <button type="submit" className={SMALL_BUTTON} data-testid="cart-confirm-prices">
            {t("shop.cart.problem.confirm")}
          </button>
        </Form>
      </div>
    );
  if (line.problem === "notEnoughStock")
    return (
      <div
        className={`${frame} bg-danger/5 text-danger ring-danger/25`}
        data-testid="cart-problem"
        data-problem="notEnoughStock"
      >
        <p>{t("shop.cart.problem.notEnoughStock", { stock: line.stock })}</p>
        <Form method="post" preventScrollReset>
          <QuantityIntent productId={line.productId} />
          <input type="hidden" name="quantity" value={line.stock} />
          <button type="submit" className={SMALL_BUTTON} data-testid="cart-set-stock">
            {t("shop.cart.problem.setTo", { stock: line.stock })}
          </button>
        </Form>
      </div>
    );
  return (
    <p
      className={`${frame} bg-danger/5 text-danger ring-danger/25`}
      data-testid="cart-problem"
      data-problem="soldOut"
    >
      {t("shop.cart.problem.soldOut")}
    </p>
  );
}

export function LinePrice({ line }: { line: CartLineView }) {
  const { t } = useTranslation();
  const czk = useCzk();
  const sale = line.originalPriceMinor !== null && line.originalPriceMinor > line.unitPriceMinor;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="sr-only">{t("shop.cart.unitPrice")}: </span>
      <span className={sale ? "font-semibold text-danger" : "text-ink"} data-testid="cart-unit-price">
        {czk(line.unitPriceMinor)}
      </span>
      {sale && line.originalPriceMinor !== null ? (
        <s className="text-muted">
          <span className="sr-only">{t("shop.cart.originalPrice")}: </span>
          {czk(line.originalPriceMinor)}
        </s>
      ) : null}
      <span className="text-muted" aria-hidden="true">
        {t("shop.cart.perPiece")}
      </span>
    </p>
  );
}

/** The product's thumbnail (a neutral tile when it has none), linking to its page. */
export function LineImage({ line, size = "size-20" }: { line: CartLineView; size?: string }) {
  return (
    <Link
      to={line.url}
      tabIndex={-1}
      aria-hidden="true"
      className={`${size} shrink-0 overflow-hidden rounded-lg bg-light ring-1 ring-line`}
    >
      {line.image ? (
        <img src={line.image} alt="" loading="lazy" className="size-full object-contain" />
      ) : null}
    </Link>
  );
}

/** The cart's lines: picture, name, price, pieces, the line's total and any problem. */
export function CartLines({ lines }: { lines: CartLineView[] }) {
  const { t } = useTranslation();
  const czk = useCzk();
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="cart-lines">
      {lines.map((line) => (
        <li
          key={line.productId}
          className="p-4 tablet:p-5"
          data-testid="cart-line"
          data-product-id={line.productId}
          data-problem={line.problem ?? undefined}
        >
          <div className="flex gap-4">
            <LineImage line={line} />
            <div className="flex min-w-0 flex-1 flex-col gap-2 tablet:flex-row tablet:items-start tablet:gap-4">
              <div className="min-w-0 flex-1">
                <Link
                  to={line.url}
                  className="font-semibold text-primary-dark underline-offset-4 hover:underline"
                  data-testid="cart-line-name"
                >
                  {line.name}
                </Link>
                <LinePrice line={line} />
                {line.stock > 0 ? (
                  <p className="text-xs text-success">{t("shop.cart.inStock", { count: line.stock })}</p>
                ) : null}
                <RemoveLine line={line} />
              </div>
              <p className="text-right font-semibold whitespace-nowrap tabular-nums mobile:hidden">
                <span className="sr-only">{t("shop.cart.lineTotal")}: </span>
                <span data-testid="cart-line-total">{czk(line.lineTotalMinor)}</span>
              </p>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 tablet:pl-24">
            <QuantityControls line={line} />
            <p className="ml-auto font-semibold whitespace-nowrap tabular-nums tablet:hidden">
              <span className="sr-only">{t("shop.cart.lineTotal")}: </span>
              {czk(line.lineTotalMinor)}
            </p>
          </div>
          <LineProblemNotice line={line} />
        </li>
      ))}
    </ul>
  );
}
