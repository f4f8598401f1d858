import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { DataTable } from "#app/features/admin/data-table.tsx";
import { StatementUpload, useStatementColumns } from "#app/features/admin/orders/statements-table.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ADMIN_STATEMENT_SORTS } from "#core/schemas/admin-orders.ts";
import { tableQueryFromUrl } from "#core/schemas/admin-table.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/bank-statements";

/**
 * The accountant's bank statements (docs/decisions/0024-bank-statement-import.md): upload a
 * CAMT.053 or GPC file; its credits pay the orders their variable symbol and amount match, and the
 * statement's page lists the rest to settle by hand.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminOrders.statementsPage.title"), noindex: true }));
}

/** The page's own cap, before the bytes are read (the parser caps again). */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "orders");
  const { services } = context.get(appContext);
  const query = tableQueryFromUrl(new URL(request.url), ADMIN_STATEMENT_SORTS);
  return { page: await services.payments.bankStatements(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "orders");
  const { services, locale } = context.get(appContext);
  const refuse = (code: string) =>
    data(
      {
        error: translate(
          locale,
          `adminOrders.statements.errors.${code}` as "adminOrders.statements.errors.malformed",
        ),
      },
      { status: 422 },
    );
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return refuse("tooLarge");
  const file = (await request.formData()).get("file");
  if (!(file instanceof File) || file.size === 0)
    return data({ error: translate(locale, "validation.required") }, { status: 422 });
  if (file.size > MAX_UPLOAD_BYTES) return refuse("tooLarge");
  const result = await services.payments.importBankStatement(
    { name: file.name || "statement", bytes: new Uint8Array(await file.arrayBuffer()) },
    staff.id,
  );
  if (!result.ok) return refuse(result.code);
  const imported = result.value;
  const target = localePath("adminBankStatement", locale, { id: String(imported.statementId) });
  return redirect(
    `${target}?${imported.duplicate ? "before=1" : `imported=${imported.matched}-${imported.lines}`}`,
  );
}

export default function AdminBankStatementsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns = useStatementColumns();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-bank-statements">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminOrders.statementsPage.title")}</h1>
      <StatementUpload error={actionData?.error} />
      <DataTable
        id="bank-statements"
        caption={t("adminOrders.statementsPage.caption")}
        columns={columns}
        page={loaderData.page}
        sortable={ADMIN_STATEMENT_SORTS}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
