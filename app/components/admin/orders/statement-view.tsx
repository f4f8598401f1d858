import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { Badge, Notice, shortDate, useMoney } from "./shared.tsx";

/** A statement's line as the loader gives it (server/modules/payments/bank/read.ts). */
export type StatementLineData = {
  id: number;
  direction: "credit" | "debit";
  amountMinor: number;
  currencyCode: string;
  bookedOn: string | null;
  variableSymbol: string | null;
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
  outcome: "matched" | "assigned" | "ignored" | "unmatched" | "duplicate";
  reason:
    | "debit"
    | "no_symbol"
    | "unknown_symbol"
    | "wrong_amount"
    | "already_paid"
    | "not_payable"
    | "currency"
    | null;
  orderId: number | null;
};

const input = "w-28 rounded-md border border-line bg-white px-2 py-1";
const button =
  "rounded-md bg-primary-dark px-3 py-1 text-sm font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";
const quiet =
  "rounded-md border border-line bg-white px-3 py-1 text-sm font-semibold text-primary-dark hover:bg-light disabled:opacity-60";

function Settle({ line, error }: { line: StatementLineData; error?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const errorId = `line-${line.id}-error`;
  return (
    <div className="mt-2 flex flex-col items-start gap-2 border-t border-line/60 pt-2">
      {line.direction === "credit" ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="lineId" value={line.id} />
          <label className="flex flex-col gap-1 text-xs font-semibold">
            <span>
              {t("adminOrders.statement.orderNumber")}
              <span className="sr-only"> {t("adminOrders.statement.forLine", { id: line.id })}</span>
            </span>
            <input
              name="orderId"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              defaultValue={line.orderId ?? ""}
              className={input}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
          <button type="submit" className={button} disabled={busy}>
            {t("adminOrders.statement.assign")}
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="ignore" />
        <input type="hidden" name="lineId" value={line.id} />
        <button type="submit" className={quiet} disabled={busy}>
          {t("adminOrders.statement.ignore")}
        </button>
      </Form>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LineRow({
  line,
  settle,
  error,
}: {
  line: StatementLineData;
  settle: boolean;
  error?: string | null;
}) {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const tone =
    line.outcome === "matched" || line.outcome === "assigned"
      ? "good"
      : line.outcome === "unmatched"
        ? "wait"
        : "plain";
  return (
    <tr className="border-b border-line/60 align-top" data-testid={`line-${line.outcome}`}>
      <td className="px-3 py-2 whitespace-nowrap">
        {line.bookedOn ? shortDate(line.bookedOn, locale) : "—"}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {line.direction === "debit" ? "−" : ""}
        {line.currencyCode === "CZK"
          ? money(line.amountMinor)
          : `${(line.amountMinor / 100).toFixed(2)} ${line.currencyCode}`}
      </td>
      <td className="px-3 py-2">{line.variableSymbol ?? "—"}</td>
      <td className="px-3 py-2 [overflow-wrap:anywhere]">
        {line.counterName ?? ""}
        {line.counterAccount ? (
          <span className="block break-all text-muted">{line.counterAccount}</span>
        ) : null}
        {line.message ? (
          <span className="block [overflow-wrap:anywhere] text-muted">{line.message}</span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <span className="flex flex-col gap-1">
          <Badge tone={tone}>{t(`adminOrders.outcome.${line.outcome}`)}</Badge>
          {line.reason ? <span className="text-muted">{t(`adminOrders.reason.${line.reason}`)}</span> : null}
          {line.orderId ? (
            <Link
              to={localePath("adminOrder", locale, { id: String(line.orderId) })}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("adminOrders.statement.order")} {line.orderId}
            </Link>
          ) : null}
          {settle ? <Settle line={line} error={error} /> : null}
        </span>
      </td>
    </tr>
  );
}

export function LinesTable(props: {
  title: string;
  lines: StatementLineData[];
  settle?: boolean;
  errorOf?: (lineId: number) => string | null;
}) {
  const { t } = useTranslation();
  const headers = ["date", "amount", "vs", "counter", "outcome"] as const;
  return (
    <section className="flex flex-col gap-2" aria-label={props.title}>
      <h2 className="font-serif text-xl text-primary-dark">
        {props.title} ({props.lines.length})
      </h2>
      {props.lines.length === 0 ? (
        <p>{t("adminOrders.statement.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-line bg-light/60">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {t(`adminOrders.statement.${header}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.lines.map((line) => (
                <LineRow
                  key={line.id}
                  line={line}
                  settle={props.settle ?? false}
                  error={props.errorOf?.(line.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export { Notice };
