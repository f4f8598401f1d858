import type { ColumnDef } from "@tanstack/react-table";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { Notice, shortDate } from "./shared.tsx";

/** One imported statement (server/modules/payments/bank/read.ts). */
export type StatementRow = {
  id: number;
  format: "camt053" | "gpc";
  fileName: string;
  account: string | null;
  reference: string | null;
  statementDate: string | null;
  lineCount: number;
  matchedCount: number;
  createdAt: string;
};

export function useStatementColumns(): ColumnDef<StatementRow, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    {
      id: "fileName",
      header: t("adminOrders.statementsPage.fileName"),
      cell: ({ row }) => (
        <Link
          to={localePath("adminBankStatement", locale, { id: String(row.original.id) })}
          className="font-semibold break-all text-primary-dark underline underline-offset-4"
        >
          {row.original.fileName}
        </Link>
      ),
    },
    {
      id: "format",
      header: t("adminOrders.statementsPage.format"),
      cell: ({ row }) => (row.original.format === "gpc" ? "GPC" : "CAMT.053"),
    },
    {
      id: "account",
      header: t("adminOrders.statementsPage.account"),
      cell: ({ row }) => row.original.account ?? "—",
    },
    {
      id: "statementDate",
      header: t("adminOrders.statementsPage.date"),
      cell: ({ row }) => (row.original.statementDate ? shortDate(row.original.statementDate, locale) : "—"),
    },
    {
      id: "matched",
      header: t("adminOrders.statementsPage.matched"),
      cell: ({ row }) => `${row.original.matchedCount} / ${row.original.lineCount}`,
    },
    {
      id: "createdAt",
      header: t("adminOrders.statementsPage.importedAt"),
      cell: ({ row }) => formatShortDateTime(row.original.createdAt, locale),
    },
  ];
}

/** The upload: a plain multipart form, so it works before the scripts load. */
export function StatementUpload({ error }: { error?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4"
      aria-labelledby="statement-upload"
    >
      <h2 id="statement-upload" className="font-serif text-xl text-primary-dark">
        {t("adminOrders.statementsPage.upload")}
      </h2>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminOrders.statementsPage.file")}
        <input
          type="file"
          name="file"
          required
          accept=".xml,.gpc,.abo,.txt,application/xml,text/xml,text/plain"
          aria-describedby="statement-file-hint"
          aria-invalid={error ? true : undefined}
          className="font-normal"
        />
      </label>
      <p id="statement-file-hint" className="text-sm text-muted">
        {t("adminOrders.statementsPage.fileHint")}
      </p>
      <Notice message={error} ok={false} />
      <div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60"
        >
          {t("adminOrders.statementsPage.upload")}
        </button>
      </div>
    </Form>
  );
}
