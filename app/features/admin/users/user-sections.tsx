import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

/** The read-only parts of the back office's user page (routes/admin/users/user.tsx). */

export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-line bg-white p-5"
      data-testid={id}
    >
      <h2 id={`${id}-title`} className="mb-3 font-serif text-xl text-primary-dark">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Address = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string | null;
  company: string | null;
  companyId: string | null;
  taxId: string | null;
} | null;

/** Contact, invoice and delivery address, each as the user saved it. */
export function Addresses({ addresses }: { addresses: Record<"contact" | "invoice" | "delivery", Address> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 tablet:grid-cols-3">
      {(["contact", "invoice", "delivery"] as const).map((kind) => {
        const address = addresses[kind];
        return (
          <div key={kind}>
            <h3 className="font-semibold">{t(`adminUsers.detail.address.${kind}`)}</h3>
            {address ? (
              <p className="text-sm whitespace-pre-line">
                {[
                  address.company,
                  address.name,
                  address.street,
                  `${address.zip} ${address.city}`.trim(),
                  address.countryCode,
                  address.companyId ? `IČO ${address.companyId}` : null,
                  address.taxId ? `DIČ ${address.taxId}` : null,
                ]
                  .filter(Boolean)
                  .join("\n")}
              </p>
            ) : (
              <p className="text-sm text-muted">{t("adminUsers.detail.noAddress")}</p>
            )}
          </div>
        );
      })}
    </div>
  );
}

type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

/** A short table of the user's latest rows with "showing n of total" under it. */
export function ActivityTable<Row extends { id: number }>(props: {
  id: string;
  caption: string;
  rows: Row[];
  total: number;
  columns: Column<Row>[];
}) {
  const { t } = useTranslation();
  if (props.rows.length === 0) return <p className="text-sm text-muted">{t("adminUsers.detail.nothing")}</p>;
  return (
    <div className="overflow-x-auto" data-testid={`activity-${props.id}`}>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b border-line">
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} scope="col" className="px-2 py-1.5 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {props.rows.map((row) => (
            <tr key={row.id}>
              {props.columns.map((column) => (
                <td key={column.header} className="px-2 py-1.5">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {props.total > props.rows.length ? (
        <p className="mt-2 text-sm text-muted">
          {t("adminUsers.detail.shownOf", { shown: props.rows.length, total: props.total })}
        </p>
      ) : null}
    </div>
  );
}
