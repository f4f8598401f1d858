import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useCzkAmount } from "#app/ui/format.ts";
import type { ClosingLot, ClosingRound } from "#core/contracts/bidding.ts";
import { formatTime } from "#core/formats/dates.ts";

/** How often the page asks again while the round closes (a slot lasts a minute by default). */
const REFRESH_MS = 20_000;

/**
 * The monthly auctions page while the round closes slot by slot (docs/product/auctions.md, "The
 * monthly round's close"): the lots ending now and the next ones, each with its own end. The page
 * reloads its data every 20 s meanwhile, so the strip moves on as lots close.
 */
export function ClosingRoundStrip({ closing }: { closing: ClosingRound }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section
      aria-labelledby="closing-round-title"
      className="mt-4 rounded-lg border border-secondary/50 bg-secondary/10 p-4"
      data-testid="closing-round"
    >
      <h2 id="closing-round-title" className="font-semibold text-primary-dark">
        {t("catalog.pages.monthlyAuctions.closing")}
      </h2>
      <div className="mt-3 grid gap-4 tablet:grid-cols-2">
        <LotList
          title={t("catalog.pages.monthlyAuctions.endingNow")}
          lots={closing.endingNow}
          testId="ending-now"
        />
        {closing.next.length > 0 ? (
          <LotList title={t("catalog.pages.monthlyAuctions.next")} lots={closing.next} testId="ending-next" />
        ) : null}
      </div>
    </section>
  );
}

function LotList({ title, lots, testId }: { title: string; lots: ClosingLot[]; testId: string }) {
  const { locale } = useTranslation();
  const { czk } = useCzkAmount();
  return (
    <div>
      <h3 className="text-xs font-medium tracking-wide text-muted uppercase">{title}</h3>
      <ul className="mt-1 flex flex-col gap-1" data-testid={testId}>
        {lots.map((lot) => (
          <li
            key={lot.productId}
            className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 text-sm"
            data-product-id={lot.productId}
          >
            {/* Tonight's round, like a timetable: the time first, the date would repeat on every line. */}
            <time dateTime={lot.endsAt} className="text-muted tabular-nums">
              {formatTime(lot.endsAt, locale)}
            </time>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <a
                href={lot.url}
                className="font-semibold text-primary-dark underline-offset-2 hover:underline"
              >
                {lot.name}
              </a>
              <span className="tabular-nums">{czk(lot.priceMinor)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
