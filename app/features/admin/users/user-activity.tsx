import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, formatShortDateTime } from "#core/formats/dates.ts";
import { isMessageKey } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { ActivityTable, Card } from "./user-sections.tsx";

/** The user's listings, bids, orders and payments on the back office's user page, the latest of each. */

type Listing = { id: number; name: string; status: string; priceMinor: number | null; createdAt: string };
type Bid = {
  id: number;
  productId: number;
  productName: string | null;
  amountMinor: number;
  isAutomatic: boolean;
  createdAt: string;
};
type Order = { id: number; kind: string; status: string; totalMinor: number; createdAt: string };
type Payment = {
  id: number;
  orderId: number;
  method: string;
  status: string;
  amountMinor: number;
  createdAt: string;
};

export type Activity = {
  listings: { rows: Listing[]; total: number };
  bids: { rows: Bid[]; total: number };
  orders: { rows: Order[]; total: number };
  payments: Payment[];
};

const linkClass = "text-primary-dark underline underline-offset-4";
const d = "adminUsers.detail";

/** How the cells say money, dates, statuses (translated where a text exists) and link listings and orders. */
function useCells() {
  const { t, locale } = useTranslation();
  return {
    t,
    locale,
    label: (key: string, fallback: string) => (isMessageKey(key) ? t(key) : fallback),
    money: (minor: number | null) => (minor === null ? "—" : formatPrice(minor, null, { locale })),
    date: (iso: string) => formatDate(iso, locale),
    listing: (id: number, name: string) => (
      <Link to={localePath("adminListing", locale, { id: String(id) })} className={linkClass}>
        {name}
      </Link>
    ),
    order: (id: number) => (
      <Link to={localePath("adminOrder", locale, { id: String(id) })} className={linkClass}>
        {id}
      </Link>
    ),
  };
}

function ListingsCard({ listings }: { listings: Activity["listings"] }) {
  const { t, label, money, date, listing } = useCells();
  return (
    <Card id="user-listings" title={`${t(`${d}.listings`)} (${listings.total})`}>
      <ActivityTable
        id="listings"
        caption={t(`${d}.listings`)}
        rows={listings.rows}
        total={listings.total}
        columns={[
          { header: t(`${d}.product`), cell: (row) => listing(row.id, row.name) },
          { header: t(`${d}.status`), cell: (row) => label(`listings.status.${row.status}`, row.status) },
          { header: t(`${d}.price`), cell: (row) => money(row.priceMinor) },
          { header: t(`${d}.date`), cell: (row) => date(row.createdAt) },
        ]}
      />
    </Card>
  );
}

function BidsCard({ bids }: { bids: Activity["bids"] }) {
  const { t, locale, money, listing } = useCells();
  return (
    <Card id="user-bids" title={`${t(`${d}.bids`)} (${bids.total})`}>
      <ActivityTable
        id="bids"
        caption={t(`${d}.bids`)}
        rows={bids.rows}
        total={bids.total}
        columns={[
          {
            header: t(`${d}.product`),
            cell: (row) => listing(row.productId, row.productName ?? `#${row.productId}`),
          },
          {
            header: t(`${d}.amount`),
            cell: (row) => `${money(row.amountMinor)}${row.isAutomatic ? ` (${t(`${d}.autoBid`)})` : ""}`,
          },
          {
            header: t(`${d}.date`),
            cell: (row) => (
              <span className="whitespace-nowrap">{formatShortDateTime(row.createdAt, locale)}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}

function OrdersCard({ orders }: { orders: Activity["orders"] }) {
  const { t, label, money, date, order } = useCells();
  return (
    <Card id="user-orders" title={`${t(`${d}.orders`)} (${orders.total})`}>
      <ActivityTable
        id="orders"
        caption={t(`${d}.orders`)}
        rows={orders.rows}
        total={orders.total}
        columns={[
          { header: t(`${d}.order`), cell: (row) => order(row.id) },
          { header: t(`${d}.kind`), cell: (row) => label(`payments.kind.${row.kind}`, row.kind) },
          { header: t(`${d}.status`), cell: (row) => label(`payments.status.${row.status}`, row.status) },
          { header: t(`${d}.amount`), cell: (row) => money(row.totalMinor) },
          { header: t(`${d}.date`), cell: (row) => date(row.createdAt) },
        ]}
      />
    </Card>
  );
}

function PaymentsCard({ payments }: { payments: Payment[] }) {
  const { t, label, money, date, order } = useCells();
  return (
    <Card id="user-payments" title={t(`${d}.payments`)}>
      <ActivityTable
        id="payments"
        caption={t(`${d}.payments`)}
        rows={payments}
        total={payments.length}
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
  );
}

export function ActivitySections({ activity }: { activity: Activity }) {
  return (
    // One card under the other: the tables need the page's width for names, amounts and dates.
    <div className="grid gap-6">
      <ListingsCard listings={activity.listings} />
      <BidsCard bids={activity.bids} />
      <OrdersCard orders={activity.orders} />
      <PaymentsCard payments={activity.payments} />
    </div>
  );
}
