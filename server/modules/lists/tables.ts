import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { between } from "#server/db/columns.ts";

/**
 * Display currencies. Prices are stored in CZK; `rate` is CZK per one unit of the currency, so a
 * price is shown as minor / 100 / rate. Exactly one currency should be the default (at most one is
 * enforced here).
 */
export const currencies = pgTable(
  "currencies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code").notNull().unique("currencies_code_unique"),
    symbolBefore: text("symbol_before"),
    symbolAfter: text("symbol_after"),
    decimals: smallint("decimals").notNull().default(2),
    rate: numeric("rate", { precision: 18, scale: 6 }).notNull().default("1"),
    isDefault: boolean("is_default").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("currencies_decimals_check", between(t.decimals, 0, 4)),
    check("currencies_rate_check", sql`${t.rate} > 0`),
    uniqueIndex("currencies_one_default").on(t.isDefault).where(sql`is_default`),
  ],
);

/** ISO 3166-1 alpha-2 countries for addresses; `position` puts the home markets first. */
export const countries = pgTable("countries", {
  code: char("code", { length: 2 }).primaryKey(),
  nameCs: text("name_cs").notNull(),
  nameEn: text("name_en").notNull(),
  position: integer("position").notNull().default(0),
});

export type Currency = typeof currencies.$inferSelect;
export type Country = typeof countries.$inferSelect;
