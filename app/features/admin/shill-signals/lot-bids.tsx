import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { ShillSignalDetail } from "#core/contracts/shill-signals.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { AccountLink } from "./evidence.tsx";

type Lot = ShillSignalDetail["lotList"][number];

/** One lot of a signal with its whole bid history under the bidders' real names (staff only). */
function LotBids({ lot, bidderId }: { lot: Lot; bidderId: number }) {
  const { t, locale } = useTranslation();
  const end = lot.endedAt ?? lot.endsAt;
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-line" data-testid="signal-lot" data-lot-id={lot.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-primary-dark">
          <Link
            to={localePath("adminListing", locale, { id: lot.id })}
            className="underline underline-offset-4"
          >
            {lot.name}
          </Link>
        </h3>
        {end ? (
          <span className="text-sm text-muted">
            {t("adminShillSignals.detail.ends", { date: formatDate(end, locale, true) })}
          </span>
        ) : null}
      </div>
      {lot.bids.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("adminShillSignals.detail.noBids")}</p>
      ) : (
        <ol className="mt-2 text-sm">
          <li
            className="hidden gap-x-4 py-1 text-muted tablet:grid tablet:grid-cols-[1fr_auto_12rem]"
            aria-hidden="true"
          >
            <span>{t("adminShillSignals.detail.bidWho")}</span>
            <span className="text-right">{t("adminShillSignals.detail.bidAmount")}</span>
            <span>{t("adminShillSignals.detail.bidAt")}</span>
          </li>
          {lot.bids.map((bid) => (
            <li
              key={bid.id}
              className={`grid grid-cols-[1fr_auto] gap-x-4 border-t border-line px-1 py-1.5 tablet:grid-cols-[1fr_auto_12rem] ${bid.bidder.id === bidderId ? "bg-secondary/10" : ""}`}
              data-testid="signal-bid"
            >
              <span className="col-span-2 tablet:col-span-1">
                <AccountLink account={bid.bidder} />
                {bid.bidder.id === bidderId ? (
                  <span className="ml-2 text-xs font-semibold text-primary-dark">
                    {t("adminShillSignals.detail.bidderMark")}
                  </span>
                ) : null}
                {bid.bidder.id === lot.winnerId ? (
                  <span className="ml-2 text-xs font-semibold text-success">
                    {t("adminShillSignals.detail.winner")}
                  </span>
                ) : null}
              </span>
              <span className="whitespace-nowrap text-muted tablet:order-last">
                {formatDate(bid.at, locale, true)}
              </span>
              <span className="whitespace-nowrap text-right font-medium">
                {formatPrice(bid.amountMinor, null, { locale })}
                {bid.automatic ? (
                  <span className="ml-1 text-xs font-normal text-muted">
                    ({t("adminShillSignals.detail.automatic")})
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

export function SignalLots({ detail }: { detail: ShillSignalDetail }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="signal-lots" className="flex flex-col gap-3">
      <h2 id="signal-lots" className="font-serif text-xl text-primary-dark">
        {t("adminShillSignals.detail.lotsTitle")}
      </h2>
      <p className="text-sm text-muted">{t("adminShillSignals.detail.lotsLead")}</p>
      <ul className="flex flex-col gap-3">
        {detail.lotList.map((lot) => (
          <LotBids key={lot.id} lot={lot} bidderId={detail.bidder.id} />
        ))}
      </ul>
    </section>
  );
}
