import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { localePath } from "#core/i18n/paths.ts";
import { StatementLineActionSchema } from "#core/schemas/admin-orders.ts";
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

/** What the statement's page answers a line's form with: the line, the form, Conform's reply, a message. */
export type LineReply = {
  lineId: number;
  intent: "assign" | "ignore";
  result: FormReply | null;
  message: string | null;
  ok: boolean;
};

const inputClass = "w-28 rounded-md border border-line bg-white px-2 py-1 aria-[invalid=true]:border-danger";
const button =
  "rounded-md bg-primary-dark px-3 py-1 text-sm font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";
const quiet =
  "rounded-md border border-line bg-white px-3 py-1 text-sm font-semibold text-primary-dark hover:bg-light disabled:opacity-60";

/** Assigning a credit line to an order by its number: the error at the field, the number kept. */
function AssignForm({ line, reply }: { line: StatementLineData; reply: LineReply | null }) {
  const { t } = useTranslation();
  const mine = reply?.intent === "assign" ? reply : null;
  const [form] = useSchemaForm(StatementLineActionSchema, mine?.result, {
    id: `line-${line.id}-assign`,
  });
  const busy = useNavigation().state !== "idle";
  const errors = form.allErrors.orderId;
  const errorId = `line-${line.id}-order-error`;
  const typed = (mine?.result?.initialValue as Record<string, unknown> | undefined)?.orderId;
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="lineId" value={line.id} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-semibold">
          <span>
            {t("adminOrders.statement.orderNumber")}
            <span className="sr-only"> {t("adminOrders.statement.forLine", { id: line.id })}</span>
          </span>
          <input
            name="orderId"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typeof typed === "string" ? typed : (line.orderId ?? "")}
            className={inputClass}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
          />
        </label>
        <button type="submit" className={button} disabled={busy}>
          {t("adminOrders.statement.assign")}
        </button>
      </div>
      {errors?.length ? (
        <p id={errorId} className="text-sm text-danger" data-field-error>
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

function Settle({ line, reply }: { line: StatementLineData; reply: LineReply | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const message = reply && !reply.ok ? reply.message : null;
  return (
    <div className="mt-2 flex flex-col items-start gap-2 border-t border-line/60 pt-2">
      {line.direction === "credit" ? <AssignForm line={line} reply={reply} /> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="ignore" />
        <input type="hidden" name="lineId" value={line.id} />
        <button type="submit" className={quiet} disabled={busy}>
          {t("adminOrders.statement.ignore")}
        </button>
      </Form>
      {message ? (
        <p role="alert" className="w-full text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function LineRow({
  line,
  settle,
  reply,
}: {
  line: StatementLineData;
  settle: boolean;
  reply?: LineReply | null;
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
          {settle ? <Settle line={line} reply={reply ?? null} /> : null}
        </span>
      </td>
    </tr>
  );
}

export function LinesTable(props: {
  title: string;
  lines: StatementLineData[];
  settle?: boolean;
  replyOf?: (lineId: number) => LineReply | null;
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
        // relative: the lines' screen-reader-only texts stay inside the scrolling box (else a narrow
        // screen scrolls the whole page sideways).
        <div className="relative overflow-x-auto rounded-xl border border-line bg-white">
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
                  reply={props.replyOf?.(line.id)}
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
