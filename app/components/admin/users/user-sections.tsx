import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { isMessageKey } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";

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

/** A code shown through its translation when there is one (a listing's or an order's status). */
function useLabel() {
  const { t } = useTranslation();
  return (key: string, fallback: string) => (isMessageKey(key) ? t(key) : fallback);
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

type Activity = {
  listings: {
    rows: { id: number; name: string; status: string; priceMinor: number | null; createdAt: string }[];
    total: number;
  };
  bids: {
    rows: {
      id: number;
      productId: number;
      productName: string | null;
      amountMinor: number;
      isAutomatic: boolean;
      createdAt: string;
    }[];
    total: number;
  };
  orders: {
    rows: { id: number; kind: string; status: string; totalMinor: number; createdAt: string }[];
    total: number;
  };
  payments: {
    id: number;
    orderId: number;
    method: string;
    status: string;
    amountMinor: number;
    createdAt: string;
  }[];
};

/** The user's listings, bids, orders and payments, the latest of each. */
export function ActivitySections({ activity }: { activity: Activity }) {
  const { t, locale } = useTranslation();
  const label = useLabel();
  const money = (minor: number | null) => (minor === null ? "—" : formatPrice(minor, null, { locale }));
  const date = (iso: string) => formatDate(iso, locale);
  const adminListing = (id: number, name: string) => (
    <Link
      to={localePath("adminListing", locale, { id: String(id) })}
      className="text-primary-dark underline underline-offset-4"
    >
      {name}
    </Link>
  );
  const order = (id: number) => (
    <Link
      to={localePath("adminOrder", locale, { id: String(id) })}
      className="text-primary-dark underline underline-offset-4"
    >
      {id}
    </Link>
  );
  const d = "adminUsers.detail";
  return (
    <div className="grid gap-6 desktop:grid-cols-2">
      <Card id="user-listings" title={`${t(`${d}.listings`)} (${activity.listings.total})`}>
        <ActivityTable
          id="listings"
          caption={t(`${d}.listings`)}
          rows={activity.listings.rows}
          total={activity.listings.total}
          columns={[
            { header: t(`${d}.product`), cell: (row) => adminListing(row.id, row.name) },
            { header: t(`${d}.status`), cell: (row) => label(`listings.status.${row.status}`, row.status) },
            { header: t(`${d}.price`), cell: (row) => money(row.priceMinor) },
            { header: t(`${d}.date`), cell: (row) => date(row.createdAt) },
          ]}
        />
      </Card>
      <Card id="user-bids" title={`${t(`${d}.bids`)} (${activity.bids.total})`}>
        <ActivityTable
          id="bids"
          caption={t(`${d}.bids`)}
          rows={activity.bids.rows}
          total={activity.bids.total}
          columns={[
            {
              header: t(`${d}.product`),
              cell: (row) => adminListing(row.productId, row.productName ?? `#${row.productId}`),
            },
            {
              header: t(`${d}.amount`),
              cell: (row) => `${money(row.amountMinor)}${row.isAutomatic ? ` (${t(`${d}.autoBid`)})` : ""}`,
            },
            { header: t(`${d}.date`), cell: (row) => formatDate(row.createdAt, locale, true) },
          ]}
        />
      </Card>
      <Card id="user-orders" title={`${t(`${d}.orders`)} (${activity.orders.total})`}>
        <ActivityTable
          id="orders"
          caption={t(`${d}.orders`)}
          rows={activity.orders.rows}
          total={activity.orders.total}
          columns={[
            { header: t(`${d}.order`), cell: (row) => order(row.id) },
            { header: t(`${d}.kind`), cell: (row) => label(`payments.kind.${row.kind}`, row.kind) },
            { header: t(`${d}.status`), cell: (row) => label(`payments.status.${row.status}`, row.status) },
            { header: t(`${d}.amount`), cell: (row) => money(row.totalMinor) },
            { header: t(`${d}.date`), cell: (row) => date(row.createdAt) },
          ]}
        />
      </Card>
      <Card id="user-payments" title={t(`${d}.payments`)}>
        <ActivityTable
          id="payments"
          caption={t(`${d}.payments`)}
          rows={activity.payments}
          total={activity.payments.length}
          columns={[
            { header: t(`${d}.order`), cell: (row) => order(row.orderId) },
            {
              header: t(`${d}.method`),
              cell: (row) => label(`orders.summary.methods.${row.method}`, row.method),
            },
            { header: t(`${d}.status`), cell: (row) => row.status },
            { header: t(`${d}.amount`), cell: (row) => money(row.amountMinor) },
            { header: t(`${d}.date`), cell: (row) => date(row.createdAt) },
          ]}
        />
      </Card>
    </div>
  );
}
