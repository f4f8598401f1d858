import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { orders } from "./tables.ts";

/**
 * The user's orders in the data export. They stay when the account is deleted: invoices and
 * payments are accounting records the law makes us keep.
 */
export function createOrdersPersonalData(db: Db): PersonalDataSource {
  return {
    // The export's section keeps its name: what the user downloads does not change with the code's rooms.
    name: "payments",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          id: orders.id,
          kind: orders.kind,
          status: orders.status,
          email: orders.email,
          totalMinor: orders.totalMinor,
          currencyCode: orders.currencyCode,
          invoiceAddress: orders.invoiceAddress,
          deliveryAddress: orders.deliveryAddress,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(asc(orders.id));
      return { orders: rows };
    },
    async eraseFor() {
      return undefined;
    },
  };
}
