import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { between, createdAt } from "#server/db/columns.ts";

/** A group of users; its discount applies to every fee its members pay. */
export const userGroups = pgTable(
  "user_groups",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("user_groups_discount_percent_check", between(t.discountPercent, 0, 100))],
);

export type UserGroup = typeof userGroups.$inferSelect;
