import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatShortDateTime, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { TrustBadgeList } from "#app/ui/trust-badges/trust-badges.tsx";
import type { TrustBadges } from "#core/contracts/trust-badges.ts";

export type PricePoint = {
  amountMinor: number;
  at: string;
  bidder: string;
  /** What was checked about the bidder, by month (issue 36); a bid heard live comes without. */
  badges?: TrustBadges;
  /** The bid's id, when known (the live history). */
  id?: number;
  /** Placed by the system for a proxy bidder. */
  automatic?: boolean;
};

/**
 * The auction's price history (design: "the price history of the auction, bids over time"): a step
 * line from the start price through every bid, drawn in SVG stretched to the box, with the axis
 * labels and the bid dots in HTML so that text stays crisp at any width. Screen readers get a
 * summary, and everyone can open the same data as a table.
 */
type HistoryProps = {
  bids: PricePoint[];
  startPriceMinor: number;
  /** Activation (ISO); the line starts here at the start price. */
  startedAt: string | null;
  /** The end of the time axis (ISO): the auction's end when it is over, else now. */
  endAt: string;
};

export function PriceHistory(props: HistoryProps) {
  const { bids, startPriceMinor } = props;
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  if (bids.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-line bg-white/60 p-5 text-sm text-muted"
        data-testid="price-history-empty"
      >
        {t("product.history.empty")}
      </p>
    );
  }
  const chart = chartOf(props);
  const summary = t("product.history.summary", {
    start: price(startPriceMinor),
    current: price(bids[bids.length - 1].amountMinor),
    count: bids.length,
  });
  return (
    <figure className="flex flex-col gap-3" data-testid="price-history">
      <PriceChart bids={bids} chart={chart} summary={summary} />
      <div className="flex justify-between pl-22 text-[0.7rem] text-muted tablet:pl-26" aria-hidden="true">
        <span>{formatShortDateTime(new Date(chart.start), locale)}</span>
        <span>{formatShortDateTime(new Date(chart.end), locale)}</span>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <PriceTable {...props} />
    </figure>
  );
}

type Chart = ReturnType<typeof chartOf>;

/** The axes (time from the start to the end, the price with some room) and the step line's path. */
function chartOf({ bids, startPriceMinor, startedAt, endAt }: HistoryProps) {
  const firstTime = new Date(startedAt ?? bids[0].at).getTime();
  const start = Math.min(firstTime, new Date(bids[0].at).getTime());
  const end = Math.max(new Date(endAt).getTime(), new Date(bids[bids.length - 1].at).getTime(), start + 1);
  const amounts = [startPriceMinor, ...bids.map((bid) => bid.amountMinor)];
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const span = Math.max(high - low, high * 0.05, 1);
  const floor = Math.max(0, low - span * 0.12);
  const ceiling = high + span * 0.12;
  const x = (time: number) => ((time - start) / (end - start)) * 100;
  const y = (amount: number) => 100 - ((amount - floor) / (ceiling - floor)) * 100;
  // Step line: the price holds until the next bid lifts it.
  let d = `M 0 ${y(startPriceMinor)}`;
  for (const bid of bids) {
    const bx = x(new Date(bid.at).getTime());
    d += ` H ${bx} V ${y(bid.amountMinor)}`;
  }
  d += ` H 100`;
  const area = `${d} V 100 H 0 Z`;
  const ticks = [ceiling - (ceiling - floor) * 0.1, (ceiling + floor) / 2, floor + (ceiling - floor) * 0.1];
  return { start, end, x, y, d, area, ticks };
}

/** The price axis, the line with its area, and a dot per bid (the newest gold). */
function PriceChart({ bids, chart, summary }: { bids: PricePoint[]; chart: Chart; summary: string }) {
  const { locale } = useTranslation();
  const price = usePriceFormatter();
  const { x, y, d, area, ticks } = chart;
  return (
    <div className="flex gap-2">
      <div
        className="relative w-20 shrink-0 text-right text-[0.7rem] text-muted tablet:w-24"
        aria-hidden="true"
      >
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
            style={{ top: `${y(tick)}%` }}
          >
            {price(Math.round(tick / 100) * 100)}
          </span>
        ))}
      </div>
      <div
        className="relative h-52 flex-1 rounded-lg bg-white ring-1 ring-line tablet:h-60"
        role="img"
        aria-label={summary}
      >
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-0 size-full"
          aria-hidden="true"
        >
          <defs>
            <linearGradient id="price-history-fill" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="var(--color-secondary)" stopOpacity="0.35" />
              <stop offset="100%" stopColor="var(--color-secondary)" stopOpacity="0.02" />
            </linearGradient>
          </defs>
          {ticks.map((tick) => (
            <line
              key={tick}
              x1="0"
              x2="100"
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--color-line)"
              strokeDasharray="2 2"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={area} fill="url(#price-history-fill)" />
          <path
            d={d}
            fill="none"
            stroke="var(--color-primary-dark)"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </svg>
        {bids.map((bid, index) => (
          <span
            key={bid.id ?? `${bid.at}-${index}`}
            className={`absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white ${index === bids.length - 1 ? "size-3.5 bg-secondary" : "bg-primary-dark"}`}
            style={{ left: `${x(new Date(bid.at).getTime())}%`, top: `${y(bid.amountMinor)}%` }}
            title={`${price(bid.amountMinor)} · ${formatShortDateTime(bid.at, locale)}`}
          />
        ))}
      </div>
    </div>
  );
}

/** The same bids as a table, newest first, folded. */
function PriceTable({ bids, startPriceMinor, startedAt }: HistoryProps) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  return (
    <details className="group rounded-lg bg-white ring-1 ring-line" data-testid="price-history-table">
      <summary className="cursor-pointer list-none px-4 py-3 text-sm font-medium text-primary-dark marker:hidden hover:underline focus-visible:outline-2 focus-visible:outline-primary-dark">
        <span className="inline-block transition-transform group-open:rotate-90" aria-hidden="true">
          ›
        </span>{" "}
        {t("product.history.showTable", { count: bids.length })}
      </summary>
      <div className="max-h-80 overflow-auto px-4 pb-4">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("product.history.caption")}</caption>
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("product.history.time")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("product.history.bidder")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("product.history.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...bids].reverse().map((bid, index) => (
              <tr
                key={bid.id ?? `${bid.at}-${index}`}
                className="border-b border-line/60 last:border-0"
                data-testid="price-history-row"
              >
                <td className="py-2 pr-3 whitespace-nowrap">{formatShortDateTime(bid.at, locale)}</td>
                <td className="py-2">
                  {bid.bidder}
                  {bid.automatic ? (
                    <span className="ml-1.5 text-xs text-muted">({t("bidding.panel.automatic")})</span>
                  ) : null}
                  <TrustBadgeList badges={bid.badges} className="mt-1" />
                </td>
                <td className="py-2 text-right font-semibold tabular-nums">{price(bid.amountMinor)}</td>
              </tr>
            ))}
            <tr className="text-muted">
              <td className="py-2 pr-3 whitespace-nowrap">
                {startedAt ? formatShortDateTime(startedAt, locale) : ""}
              </td>
              <td className="py-2">{t("product.history.startRow")}</td>
              <td className="py-2 text-right tabular-nums">{price(startPriceMinor)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </details>
  );
}
