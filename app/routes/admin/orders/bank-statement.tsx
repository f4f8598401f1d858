import { data, Link, useLocation } from "react-router";
import { appContext } from "#app/context.ts";
import { type LineReply, LinesTable, Notice } from "#app/features/admin/orders/statement-view.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { StatementLineActionSchema } from "#core/schemas/admin-orders.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/bank-statement";

/**
 * One imported statement (docs/decisions/0024-bank-statement-import.md): what paid its order, what
 * waits for the accountant (unknown symbol, wrong amount, already paid, a debit), each with a form
 * to assign it to an order (which pays it) or set it aside, and what an earlier statement carried.
 */
export function meta(args: Route.MetaArgs) {
  const reference = args.loaderData?.statement.reference ?? args.loaderData?.statement.fileName;
  return pageMeta(args, (t) => ({
    title: reference
      ? t("adminOrders.statement.title", { reference })
      : t("adminOrders.statementsPage.title"),
    noindex: true,
  }));
}

function statementIdOf(params: { id?: string }, locale: "cs" | "en"): number {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (id < 1) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const found = await services.payments.bankStatement(statementIdOf(params, locale));
  if (!found) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return found;
}

/** A refused settlement: at the order number's field when it is about the order, else the line's. */
const REFUSALS = {
  not_open: { field: null, key: "adminOrders.statements.errors.lineNotOpen" },
  debit: { field: null, key: "adminOrders.statements.errors.lineDebit" },
  order_not_found: { field: "orderId", key: "adminOrders.statements.errors.orderNotFound" },
  order_not_payable: { field: "orderId", key: "adminOrders.statements.errors.orderNotPayable" },
} as const;

/**
 * A line's form, read through the schema the API reads (core/schemas/admin-orders.ts): a wrong
 * order number answers at its field in that line's form, with what was typed kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const statementId = statementIdOf(params, locale);
  const submission = parseForm(await request.formData(), StatementLineActionSchema, locale);
  const lineId = Number(submission.payload.lineId);
  const intent = (["assign", "ignore"] as const).find((known) => known === submission.payload.intent);
  if (!Number.isSafeInteger(lineId) || lineId < 1 || !intent) throw data(null, { status: 400 });
  const reply = (extra: Partial<LineReply>, status = 200) =>
    data({ lineId, intent, result: null, message: null, ok: true, ...extra }, { status });
  if (submission.status !== "success") return reply({ result: submission.reply(), ok: false }, 422);
  const form = submission.value;
  const result =
    form.intent === "assign"
      ? await services.payments.assignStatementLine(
          { statementId, lineId: form.lineId, orderId: form.orderId },
          staff.id,
        )
      : await services.payments.ignoreStatementLine({ statementId, lineId: form.lineId }, staff.id);
  if (result.ok)
    return reply({
      message: translate(
        locale,
        form.intent === "assign" ? "adminOrders.statement.assigned" : "adminOrders.statement.ignoredDone",
      ),
    });
  if (result.code === "not_found") throw data(translate(locale, "errors.notFound"), { status: 404 });
  const refusal = REFUSALS[result.code];
  const message = translate(locale, refusal.key);
  return refusal.field
    ? reply({ result: submission.reply({ fieldErrors: { [refusal.field]: [message] } }), ok: false }, 409)
    : reply({ result: submission.reply(), message, ok: false }, 409);
}

export default function AdminBankStatementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const { statement, lines } = loaderData;
  const imported = /^(\d+)-(\d+)$/.exec(params.get("imported") ?? "");
  const settled = lines.filter(
    (line) => line.outcome === "matched" || line.outcome === "assigned" || line.outcome === "ignored",
  );
  const open = lines.filter((line) => line.outcome === "unmatched");
  const duplicates = lines.filter((line) => line.outcome === "duplicate");
  const replyOf = (lineId: number) => (actionData && actionData.lineId === lineId ? actionData : null);
  return (
    <section className="flex flex-col gap-6" data-testid="admin-bank-statement">
      <Link
        to={localePath("adminBankStatements", locale)}
        className="text-primary-dark underline underline-offset-4"
      >
        {t("adminOrders.statement.back")}
      </Link>
      <h1 className="font-serif text-3xl break-all text-primary-dark">
        {t("adminOrders.statement.title", { reference: statement.reference ?? statement.fileName })}
      </h1>
      <p className="text-muted">
        {statement.format === "gpc" ? "GPC" : "CAMT.053"} · {statement.fileName} · {statement.account ?? ""}
      </p>
      {imported ? (
        <Notice
          ok
          message={t("adminOrders.statementsPage.imported", { matched: imported[1], lines: imported[2] })}
        />
      ) : null}
      {params.get("before") ? <Notice ok message={t("adminOrders.statementsPage.importedBefore")} /> : null}
      {actionData?.ok ? <Notice ok message={actionData.message} /> : null}
      <LinesTable title={t("adminOrders.statement.unmatchedTitle")} lines={open} settle replyOf={replyOf} />
      <LinesTable title={t("adminOrders.statement.matchedTitle")} lines={settled} />
      {duplicates.length > 0 ? (
        <LinesTable title={t("adminOrders.statement.duplicateTitle")} lines={duplicates} />
      ) : null}
    </section>
  );
}
