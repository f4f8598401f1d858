import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { AuctionLive } from "#core/contracts/bidding.ts";
import { BidError } from "./bid-inputs.tsx";

const BUTTON =
  "w-full rounded-lg px-5 py-3 font-semibold text-primary-dark ring-1 ring-primary-dark transition hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60";

/**
 * "Přihodit minimum (nejvýše X)" (docs/product/auctions.md, "Bidding the current minimum"): one
 * press bids the lowest acceptable amount at the moment the server decides, up to X, the minimum
 * shown plus one step as the server computed it (`minimumCeilingMinor`), so that one bid placed
 * a moment earlier still leaves this one in. Only the ceiling is posted; the amount is the server's.
 * It goes through the same binding confirmation as the amount form (the action answers it).
 */
export function MinimumBid({
  live,
  sending,
  error,
  onSubmit,
}: {
  live: AuctionLive;
  sending: boolean;
  /** A refusal of the last "Přihodit minimum" (the minimum has passed the ceiling, the end…). */
  error: string | null;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const money = useCzkAmount();
  // "Odesílám…" on this button only when it is this one's post (any bid on its way disables it).
  const mine = useNavigation().formData?.get("minimum") != null;
  const minimum = live.minimumNextBidMinor;
  const ceiling = live.minimumCeilingMinor;
  if (minimum === null || ceiling === null) return null;
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-1.5 border-t border-line pt-3"
      data-testid="bid-minimum-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="bid" />
      <input type="hidden" name="minimum" value="1" />
      <input type="hidden" name="notAboveMinor" value={ceiling} />
      <button
        type="submit"
        disabled={sending}
        className={BUTTON}
        data-testid="bid-minimum"
        data-ceiling-minor={ceiling}
      >
        {sending && mine
          ? t("bidding.panel.sending")
          : t("bidding.panel.minimumBid", { ceiling: money.czk(ceiling) })}
      </button>
      <p className="text-xs text-muted">
        {t("bidding.panel.minimumBidHint", { minimum: money.czk(minimum), ceiling: money.czk(ceiling) })}
      </p>
      <BidError message={error} />
    </Form>
  );
}
