import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AdminDeal } from "#core/contracts/admin-deals.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { useMoney } from "../orders/shared.tsx";
import { CallState } from "./deals-table.tsx";

/**
 * A deal's money for the operator: the breakdown frozen when it was made, the ledger's balances
 * and movements, the buyer's payments at the provider, the refunds and transfers made through it,
 * the status history and the provider's notices.
 */

export const card = "flex min-w-0 flex-col gap-2 rounded-xl border border-line bg-white p-4";
export const heading = "font-serif text-xl text-primary-dark";
const th = "py-1 pr-3 font-semibold";
const td = "py-1 pr-3 align-top";

type Part = { data: AdminDeal };

/**
 * The reasons the deals' jobs record (deadlines.ts, flow.ts) are the code's own English words;
 * the operator reads them in the page's language. A person's reason is shown as they wrote it.
 */
const SYSTEM_REASONS: Record<
  string,
  "paymentDeadline" | "shippingDeadline" | "pickupDeadline" | "releaseWindow" | "receiptConfirmed"
> = {
  "payment deadline": "paymentDeadline",
  "shipping deadline": "shippingDeadline",
  "pickup deadline": "pickupDeadline",
  "release window ended": "releaseWindow",
  "receipt confirmed": "receiptConfirmed",
};

function useParts() {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, locale) : "—");
  return { t, money, when };
}

/** A small table that scrolls sideways on a phone instead of squeezing its columns. */
function Table({
  head,
  children,
  caption,
  amountColumn,
}: {
  head: string[];
  children: ReactNode;
  caption: string;
  /** The column of amounts, right-aligned so that their digits line up. */
  amountColumn: number;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            {head.map((label, index) => (
              <th key={label} scope="col" className={index === amountColumn ? `${th} text-right` : th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function MoneyCard({ data }: Part) {
  const { t, money } = useParts();
  const { deal } = data;
  const rows: [string, number][] = [
    [t("adminDeals.deal.price"), deal.priceMinor],
    [t("adminDeals.deal.deliveryPrice"), deal.deliveryMinor],
    [t("adminDeals.deal.buyerFee"), deal.buyerFeeMinor],
    [t("adminDeals.deal.total"), deal.totalMinor],
    [t("adminDeals.deal.commission"), -deal.sellerCommissionMinor],
    [t("adminDeals.deal.sellerGets"), deal.priceMinor + deal.deliveryMinor - deal.sellerCommissionMinor],
  ];
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.money")}</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([label, value], index) => (
          <div key={label} className={`contents ${index === 3 || index === 5 ? "font-semibold" : ""}`}>
            <dt>{label}</dt>
            <dd className="text-right whitespace-nowrap">{money(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function LedgerCard({ data }: Part) {
  const { t, money, when } = useParts();
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.ledger")}</h2>
      <p className="text-sm text-muted">{t("adminDeals.deal.ledgerLead")}</p>
      <Table
        head={[t("adminDeals.deal.account"), t("adminDeals.deal.balance")]}
        caption={t("adminDeals.deal.ledger")}
        amountColumn={1}
      >
        {data.balances.map(({ account, amountMinor }) => (
          <tr key={account} className="border-b border-line/60">
            <td className={td}>{t(`adminDeals.deal.accounts.${account as "held"}`)}</td>
            <td className={`${td} whitespace-nowrap text-right`}>{money(amountMinor)}</td>
          </tr>
        ))}
      </Table>
      <h3 className="mt-2 font-semibold">{t("adminDeals.deal.postings")}</h3>
      {data.postings.length === 0 ? (
        <p>{t("adminDeals.deal.none")}</p>
      ) : (
        <Table
          head={[t("adminDeals.deal.movement"), t("adminDeals.deal.amount"), t("adminDeals.deal.when")]}
          caption={t("adminDeals.deal.postings")}
          amountColumn={1}
        >
          {data.postings.map((posting) => (
            <tr key={posting.id} className="border-b border-line/60">
              <td className={td}>{t(`adminDeals.deal.movements.${posting.movement as "pay"}`)}</td>
              <td className={`${td} whitespace-nowrap text-right`}>{money(posting.amountMinor)}</td>
              <td className={`${td} whitespace-nowrap`}>{when(posting.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

export function ChargesCard({ data }: Part) {
  const { t, money, when } = useParts();
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.charges")}</h2>
      {data.charges.length === 0 ? (
        <p>{t("adminDeals.deal.none")}</p>
      ) : (
        <Table
          head={[
            t("adminDeals.deal.method"),
            t("adminDeals.deal.amount"),
            t("adminDeals.deal.charge"),
            t("adminDeals.deal.paid"),
            t("adminDeals.deal.ended"),
          ]}
          caption={t("adminDeals.deal.charges")}
          amountColumn={1}
        >
          {data.charges.map((charge) => (
            <tr key={charge.id} className="border-b border-line/60">
              <td className={td}>{t(`adminDeals.deal.methods.${charge.method as "card"}`)}</td>
              <td className={`${td} whitespace-nowrap text-right`}>{money(charge.amountMinor)}</td>
              <td className={`${td} break-all font-mono text-xs`}>
                {charge.paymentId ?? charge.chargeId ?? "—"}
              </td>
              <td className={`${td} whitespace-nowrap`}>{when(charge.paidAt)}</td>
              <td className={`${td} whitespace-nowrap`}>{when(charge.endedAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

export function CallsTable({ data }: Part) {
  const { t, money, when } = useParts();
  if (data.calls.length === 0) return <p>{t("adminDeals.deal.none")}</p>;
  return (
    <Table
      head={[
        t("adminDeals.calls.kind"),
        t("adminDeals.calls.amount"),
        t("adminDeals.calls.state"),
        t("adminDeals.calls.attempts"),
        t("adminDeals.calls.doneAt"),
      ]}
      caption={t("adminDeals.deal.calls")}
      amountColumn={1}
    >
      {data.calls.map((call) => (
        <tr key={call.id} className="border-b border-line/60">
          <td className={td}>{t(`adminDeals.calls.kinds.${call.kind}`)}</td>
          <td className={`${td} whitespace-nowrap text-right`}>{money(call.amountMinor)}</td>
          <td className={td}>
            <CallState call={call} />
          </td>
          <td className={td}>{call.attempts}</td>
          <td className={`${td} whitespace-nowrap`}>{when(call.doneAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function HistoryCard({ data }: Part) {
  const { t, when } = useParts();
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.history")}</h2>
      <ol className="flex flex-col gap-2">
        {data.history.map((change) => (
          <li key={change.id} className="border-b border-line/60 pb-2 last:border-0">
            <span className="whitespace-nowrap">{when(change.createdAt)}</span> ·{" "}
            <span className="font-semibold">{t(`dealPages.status.${change.toStatus}`)}</span> ·{" "}
            {change.actor ?? t("adminDeals.deal.system")}
            {change.reason ? (
              <span className="block text-sm text-muted">
                {change.actor === null && Object.hasOwn(SYSTEM_REASONS, change.reason)
                  ? t(`adminDeals.deal.reasons.${SYSTEM_REASONS[change.reason]}`)
                  : change.reason}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function EventsCard({ data }: Part) {
  const { t, when } = useParts();
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.events")}</h2>
      {data.events.length === 0 ? (
        <p>{t("adminDeals.deal.none")}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {data.events.map((event) => (
            <li key={event.id}>
              <code>{event.type}</code> · {when(event.createdAt)} ·{" "}
              {event.processedAt
                ? `${t("adminDeals.deal.processed")} ${when(event.processedAt)}`
                : t("adminDeals.deal.notProcessed")}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
