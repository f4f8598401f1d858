import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { settings } from "./tables.ts";

export type SettingEntry = { name: string; value: unknown };

/**
 * Settings are name/value entries; an entry may exist per language (locale 'cs' / 'en') or once
 * for all languages (locale NULL). A language's own entry wins over the shared one.
 */
export function createSettingsService(db: Db) {
  async function list(locale: Locale): Promise<SettingEntry[]> {
    const rows = await db
      .select({ name: settings.name, locale: settings.locale, value: settings.value })
      .from(settings)
      .where(or(isNull(settings.locale), eq(settings.locale, locale)))
      .orderBy(asc(settings.name));
    const byName = new Map<string, SettingEntry & { specific: boolean }>();
    for (const row of rows) {
      const specific = row.locale !== null;
      const existing = byName.get(row.name);
      if (!existing || (specific && !existing.specific))
        byName.set(row.name, { name: row.name, value: row.value, specific });
    }
    return [...byName.values()].map(({ name, value }) => ({ name, value }));
  }

  return {
    list,
    async get<T = unknown>(name: string, locale: Locale = "cs"): Promise<T | undefined> {
      return (await list(locale)).find((entry) => entry.name === name)?.value as T | undefined;
    },
    /** Creates or replaces one entry (locale null = all languages); returns the previous value. */
    async put(name: string, locale: Locale | null, value: unknown): Promise<unknown> {
      const [previous] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(
          and(
            eq(settings.name, name),
            locale === null ? isNull(settings.locale) : eq(settings.locale, locale),
          ),
        )
        .limit(1);
      await db
        .insert(settings)
        .values({ name, locale, value })
        .onConflictDoUpdate({
          target: [settings.name, settings.locale],
          set: { value, updatedAt: new Date() },
        });
      return previous?.value;
    },

    async isMaintenance(): Promise<boolean> {
      const value = (await list("cs")).find((entry) => entry.name === "maintenance")?.value as
        | { is_enabled?: boolean }
        | undefined;
      return value?.is_enabled === true;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
