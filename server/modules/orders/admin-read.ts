import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { OrderKind } from "#core/contracts/payments.ts";
import type { ShopPaymentMethod } from "#core/contracts/shop.ts";
import type { OrderStatus } from "#core/lifecycles/order.ts";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { type Order, type OrderItem, orderItems, orders } from "./tables.ts";

/** The back office's orders (docs/product/back-office.md, "Orders and money"): every kind, paged on the server. */
export const ORDER_SORTS = ["createdAt", "totalMinor", "id"] as const;

export type AdminOrderFilter = {
  kind?: OrderKind;
  status?: OrderStatus;
  method?: ShopPaymentMethod;
  /** YYYY-MM-DD, inclusive (created on or after / before the end of). */
  from?: string;
  to?: string;
};

export type AdminOrderRow = {
  id: number;
  kind: OrderKind;
  status: OrderStatus;
  email: string;
  paymentMethod: ShopPaymentMethod | null;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};

function conditions(query: TableQuery, filter: AdminOrderFilter): SQL | undefined {
  const q = query.q?.trim();
  const search = q
    ? /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647
      ? or(eq(orders.id, Number(q)), ilike(orders.email, `%${q}%`))
      : ilike(orders.email, `%${q}%`)
    : undefined;
  const day = (date: string, plus = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000);
  return and(
    search,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.method ? eq(orders.paymentMethod, filter.method) : undefined,
    filter.from ? gte(orders.createdAt, day(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, day(filter.to, 1)) : undefined,
  );
}

export async function adminOrdersPage(
  db: Db,
  query: TableQuery<(typeof ORDER_SORTS)[number]>,
  filter: AdminOrderFilter,
): Promise<TablePage<AdminOrderRow>> {
  const where = conditions(query, filter);
  const column = { createdAt: orders.createdAt, totalMinor: orders.totalMinor, id: orders.id }[
    query.sort ?? "createdAt"
  ];
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      email: row.email,
      paymentMethod: row.paymentMethod,
      totalMinor: row.totalMinor,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/** One order with its lines, for the back office's page of it (payments adds the money); null when there is none. */
export async function orderWithItems(
  db: Db,
  id: number,
): Promise<{ order: Order; items: OrderItem[] } | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  return { order, items };
}
