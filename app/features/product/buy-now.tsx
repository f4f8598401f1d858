import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";

const OUTLINE =
  "rounded-lg px-5 py-3 font-semibold text-primary-dark ring-1 ring-primary-dark transition hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60";
const SOLID =
  "rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white transition hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60";

/** The product page form's intent of "Kup hned". */
export const BUY_NOW_INTENT = "buyNow";

/** The purchase's fetcher, shared with the auction panel, which outlives the box (auction-panel.tsx). */
export const BUY_NOW_FETCHER = "buy-now";

/** A refused purchase, as the page's action answers it. */
export type BuyNowActionData = { intent: typeof BUY_NOW_INTENT; message: string };

/**
 * "Kup hned" in the auction block (docs/product/auctions.md, "Buy it now"): the price while the
 * server offers it (the live state's `buyNowPriceMinor`, gone with the first bid), a first click
 * opens the binding confirmation, the confirmed post buys. The price shown is the server's and
 * the purchase uses the stored one, never a figure from the page.
 */
export function BuyNow({
  priceMinor,
  offer,
}: {
  priceMinor: number;
  /**
   * How long the offer stands, as far as the page can tell: `first_bid` (no reserve: until the
   * first bid whatever the setting), `reserve` (bids came and it stands: until the reserve is met),
   * `unknown` (a reserve, no bid yet: the setting decides, the page does not know it).
   */
  offer: "first_bid" | "reserve" | "unknown";
}) {
  const { t } = useTranslation();
  const { czk } = useCzkAmount();
  const fetcher = useFetcher<BuyNowActionData>({ key: BUY_NOW_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const price = czk(priceMinor);
  const busy = fetcher.state !== "idle";
  // One purchase per confirmation: a second click (a double click) before the page has drawn the
  // button disabled would post again, and the router follows only the later answer (the repeat's:
  // back to the page) instead of the purchase's (on to the deal). Free again once an answer came.
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") sent.current = false;
  }, [fetcher.state]);
  return (
    <div className="rounded-lg border border-secondary/60 bg-secondary/10 p-4" data-testid="buy-now">
      <p className="font-semibold text-primary-dark" data-testid="buy-now-price" data-minor={priceMinor}>
        {t("bidding.buyNow.price", { price })}
      </p>
      <p className="mt-1 text-sm text-muted">
        {offer === "reserve"
          ? t("bidding.buyNow.hintReserve")
          : offer === "first_bid"
            ? t("bidding.buyNow.hint")
            : t("bidding.buyNow.hintPlain")}
      </p>
      {fetcher.data?.message ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger" data-testid="buy-now-error">
          {fetcher.data.message}
        </p>
      ) : null}
      {confirming ? (
        <fetcher.Form
          method="post"
          className="mt-3 flex flex-col gap-2"
          aria-label={t("bidding.buyNow.confirmTitle")}
          onSubmit={(event) => {
            if (sent.current) event.preventDefault();
            sent.current = true;
          }}
        >
          <input type="hidden" name="intent" value={BUY_NOW_INTENT} />
          <p className="text-sm text-ink" data-testid="buy-now-binding">
            {t("bidding.buyNow.binding", { price })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={SOLID} disabled={busy} data-testid="buy-now-confirm">
              {t("bidding.buyNow.confirm", { price })}
            </button>
            <button type="button" className={OUTLINE} onClick={() => setConfirming(false)}>
              {t("bidding.buyNow.back")}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <button
          type="button"
          className={`${OUTLINE} mt-3 w-full`}
          onClick={() => setConfirming(true)}
          data-testid="buy-now-open"
        >
          {t("bidding.buyNow.submit")}
        </button>
      )}
    </div>
  );
}
