import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { DealRow } from "#core/contracts/deals.ts";
import { localePath } from "#core/i18n/paths.ts";
import { czk } from "./format.ts";

const ACTION_TONE: Record<DealRow["next"], string> = {
  pay: "bg-secondary/25 text-ink ring-secondary/60",
  ship: "bg-secondary/25 text-ink ring-secondary/60",
  confirm_receipt: "bg-secondary/25 text-ink ring-secondary/60",
  hand_over: "bg-secondary/25 text-ink ring-secondary/60",
  enter_code: "bg-secondary/25 text-ink ring-secondary/60",
  pick_up: "bg-secondary/25 text-ink ring-secondary/60",
  onboard: "bg-danger/10 text-danger ring-danger/25",
  wait: "bg-ink/5 text-muted ring-ink/15",
  none: "bg-ink/5 text-muted ring-ink/15",
};

/** Nákupy or Prodeje: each deal with its item, the other side, its state, amount and next step. */
export function DealList({ rows, emptyText }: { rows: DealRow[]; emptyText: string }) {
  const { t, locale } = useTranslation();
  if (rows.length === 0)
    return (
      <p
        className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-line"
        data-testid="deals-empty"
      >
        {emptyText}
      </p>
    );
  return (
    <ul className="mt-6 flex flex-col gap-3" data-testid="deal-list">
      {rows.map((row) => {
        const href = localePath("accountDeal", locale, { dealId: row.id });
        return (
          <li
            key={row.id}
            className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-line"
            data-testid={`deal-row-${row.id}`}
          >
            <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl bg-light ring-1 ring-line">
              {row.image ? (
                <ResponsiveImage
                  src={row.image}
                  alt=""
                  width={64}
                  height={64}
                  sizes="72px"
                  widths={[160]}
                  className="size-full object-contain p-1"
                />
              ) : null}
            </span>
            <div className="min-w-0 flex-1">
              <Link to={href} className="font-semibold text-primary-dark underline-offset-4 hover:underline">
                {row.productName || t("dealPages.deal.title", { id: row.id })}
              </Link>
              <p className="text-sm text-muted">
                {t(
                  row.role === "buyer"
                    ? "dealPages.columns.counterpartBuyer"
                    : "dealPages.columns.counterpartSeller",
                )}
                : {row.counterpart || "–"} · {t(`dealPages.status.${row.status}`)}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5 text-right">
              <span className="font-semibold tabular-nums">{czk(row.totalMinor, locale)}</span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${ACTION_TONE[row.next]}`}
                data-testid="deal-next"
              >
                {t(`dealPages.next.${row.next}`, {
                  date: row.dueAt ? formatDate(row.dueAt, locale, true) : "",
                })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
