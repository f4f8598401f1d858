import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { BidActionData } from "./bidding/bid-answer.ts";
import type { LiveAuction } from "./bidding/use-auction-live.ts";

/** Who looks at the auction. */
export type Viewer = { loggedIn: boolean; isSeller: boolean; emailConfirmed?: boolean };

type StandingProps = {
  running: boolean;
  decided: boolean;
  live: LiveAuction["live"];
  standing: LiveAuction["standing"];
  viewer: Viewer;
  justAccepted: Extract<BidActionData, { status: "accepted" }> | null;
};

type Tone = "good" | "bad" | "neutral";

const TONES: Record<Tone, string> = {
  good: "bg-success/10 text-[#1f5c44] ring-success/30",
  bad: "bg-danger/10 text-danger ring-danger/25",
  neutral: "bg-light text-ink ring-line",
};

function StandingBox({ tone, testId, children }: { tone: Tone; testId: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className={`mt-4 flex flex-col gap-1 rounded-xl px-4 py-3 text-sm ring-1 ${TONES[tone]}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** Where the viewer stands: leading, outbid, won, lost; and the outcome for everyone once decided. */
export function Standing(props: StandingProps) {
  const { running, decided, standing } = props;
  if (running && (standing?.leading || standing?.hasBid)) return <RunningStanding {...props} />;
  if (!decided) return null;
  return <Outcome {...props} />;
}

/** Leading (with the viewer's maximum), or outbid (at once, or by someone since). */
function RunningStanding({ live, standing, justAccepted }: StandingProps) {
  const { t } = useTranslation();
  const { withHint: price } = useCzkAmount();
  if (standing?.leading)
    return (
      <StandingBox tone="good" testId="bid-leading">
        <p className="font-semibold">
          {justAccepted ? t("bidding.panel.accepted") : t("bidding.panel.leading")}
        </p>
        {standing.maxMinor !== null ? (
          <p>{t("bidding.panel.leadingMax", { max: price(standing.maxMinor) })}</p>
        ) : null}
      </StandingBox>
    );
  return (
    <StandingBox tone="bad" testId="bid-outbid">
      <p className="font-semibold">{t("bidding.panel.outbid")}</p>
      <p>
        {justAccepted
          ? t("bidding.panel.outbidAtOnce")
          : live.minimumNextBidMinor !== null
            ? t("bidding.panel.outbidHint", { minimum: price(live.minimumNextBidMinor) })
            : null}
      </p>
    </StandingBox>
  );
}

/** The decided auction: won (with the way to its deal and to the seller), sold as the seller's, lost, or for everyone. */
function Outcome({ live, standing, viewer }: StandingProps) {
  const { t, locale } = useTranslation();
  const { withHint: price } = useCzkAmount();
  if (standing?.won)
    return (
      <StandingBox tone="good" testId="bid-won">
        <p className="font-semibold">{t("bidding.panel.won", { price: price(live.priceMinor) })}</p>
        {standing.dealId !== null ? (
          <Link
            to={localePath("accountDeal", locale, { dealId: standing.dealId })}
            className="font-semibold underline"
            data-testid="bid-won-deal"
          >
            {t("bidding.panel.wonDeal")}
          </Link>
        ) : null}
        {standing.threadId !== null ? (
          <Link
            to={`${localePath("accountMessages", locale)}?thread=${standing.threadId}`}
            className="font-medium underline"
          >
            {t("bidding.panel.wonThread")}
          </Link>
        ) : null}
      </StandingBox>
    );
  if (viewer.isSeller && live.status === "sold")
    return (
      <StandingBox tone="good" testId="bid-own-sold">
        <p className="font-semibold">{t("bidding.panel.ownSold", { price: price(live.priceMinor) })}</p>
      </StandingBox>
    );
  if (standing?.hasBid && live.status === "sold")
    return (
      <StandingBox tone="bad" testId="bid-lost">
        <p className="font-semibold">{t("bidding.panel.lost")}</p>
      </StandingBox>
    );
  return (
    <StandingBox tone="neutral" testId="auction-outcome">
      <p className="font-semibold">
        {live.status === "sold"
          ? t("bidding.panel.sold", { price: price(live.priceMinor) })
          : t("bidding.panel.unsold")}
      </p>
    </StandingBox>
  );
}
