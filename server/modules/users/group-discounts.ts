import { and, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { groupDiscountSql } from "../user-groups/index.ts";
import { users } from "./tables.ts";

/**
 * The group discount (0-100 %) of each user of `ids`, 0 for a user without a group
 * (docs/product/fees.md, "Group discounts"; the group's discount is the user-groups module's): the deals apply the buyer's to the buyer-protection
 * fee and the seller's to the commission when they freeze a deal's fees.
 */
export async function groupDiscountsOf(executor: Db, ids: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  const discounts = new Map(unique.map((id) => [id, 0]));
  if (unique.length === 0) return discounts;
  const rows = await executor
    .select({ id: users.id, discountPercent: groupDiscountSql(users.groupId) })
    .from(users)
    .where(and(inArray(users.id, unique), isNotNull(users.groupId)));
  for (const row of rows) discounts.set(row.id, row.discountPercent ?? 0);
  return discounts;
}
