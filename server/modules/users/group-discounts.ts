import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { userGroups, users } from "./tables.ts";

/**
 * The group discount (0-100 %) of each user of `ids`, 0 for a user without a group
 * (docs/product/fees.md, "Group discounts"): the deals apply the buyer's to the buyer-protection
 * fee and the seller's to the commission when they freeze a deal's fees.
 */
export async function groupDiscountsOf(executor: Db, ids: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  const discounts = new Map(unique.map((id) => [id, 0]));
  if (unique.length === 0) return discounts;
  const rows = await executor
    .select({ id: users.id, discountPercent: userGroups.discountPercent })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(inArray(users.id, unique));
  for (const row of rows) discounts.set(row.id, row.discountPercent);
  return discounts;
}
