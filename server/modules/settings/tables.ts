import { check, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { LOCALES, oneOf, updatedAt } from "#server/db/columns.ts";

/**
 * Name/value settings (contacts, intropopup, topmenu, bottommenu, maintenance, categoriesMenu,
 * bid, fees...). `locale` NULL means one value for all languages; 'cs' / 'en' a language's own
 * value, which wins over the shared one. (name, locale) is unique with NULL counted as one value
 * (NULLS NOT DISTINCT), so upserts can target it: onConflictDoUpdate({ target: [settings.name, settings.locale] }).
 */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    locale: text("locale", { enum: LOCALES }),
    value: jsonb("value").$type<unknown>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("settings_name_locale_unique").on(t.name, t.locale).nullsNotDistinct(),
    check("settings_locale_check", oneOf(t.locale, LOCALES)),
  ],
);

export type Setting = typeof settings.$inferSelect;
