import { and, asc, eq, isNull } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { MaintenanceState } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import { noShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { settings } from "./tables.ts";

export type SettingEntry = { name: string; value: unknown };

/** One stored entry as the back office sees it: its language (null = all) and when it changed. */
export type StoredSetting = { name: string; locale: Locale | null; value: unknown; updatedAt: Date };

/** Who saves a setting from the back office. */
export type SettingActor = { id: number; name: string };

/**
 * The maintenance switch as stored: the value as saved, plus who switched it and when, kept while
 * the switch stays as it is (docs/product/back-office.md, "Settings").
 */
function stampMaintenance(
  value: unknown,
  previous: unknown,
  actor: SettingActor,
  now: Date,
): MaintenanceState {
  const next = value as MaintenanceState;
  const before = previous as MaintenanceState | undefined;
  if (before && before.is_enabled === next.is_enabled && before.switched_at) return { ...before };
  return { is_enabled: next.is_enabled, switched_at: now.toISOString(), switched_by: actor };
}

/** What the site and the public API see of a value: who switched maintenance stays in the back office. */
function publicValue(name: string, value: unknown): unknown {
  if (name !== "maintenance" || value === null || typeof value !== "object") return value;
  return { is_enabled: (value as MaintenanceState).is_enabled };
}

/** Every stored entry, each language apart. */
async function readEntries(db: Db): Promise<StoredSetting[]> {
  const rows = await db
    .select({
      name: settings.name,
      locale: settings.locale,
      value: settings.value,
      updatedAt: settings.updatedAt,
    })
    .from(settings)
    .orderBy(asc(settings.name), asc(settings.locale));
  return rows.map((row) => ({ ...row, locale: row.locale as Locale | null }));
}

/** Creates or replaces one entry (locale null = all languages); returns the previous value. */
async function putSetting(db: Db, name: string, locale: Locale | null, value: unknown): Promise<unknown> {
  const [previous] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(eq(settings.name, name), locale === null ? isNull(settings.locale) : eq(settings.locale, locale)),
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
}

/** The site's view of the settings in a language: its own entry over the shared one. */
function listForLocale(entries: StoredSetting[], locale: Locale): SettingEntry[] {
  const byName = new Map<string, SettingEntry & { specific: boolean }>();
  for (const row of entries) {
    if (row.locale !== null && row.locale !== locale) continue;
    const specific = row.locale !== null;
    const existing = byName.get(row.name);
    if (!existing || (specific && !existing.specific))
      byName.set(row.name, { name: row.name, value: publicValue(row.name, row.value), specific });
  }
  return [...byName.values()].map(({ name, value }) => ({ name, value }));
}

/** Every stored entry and each language's view of them, read in one statement. */
type SettingsSnapshot = { entries: StoredSetting[]; byLocale: Map<Locale, SettingEntry[]> };

async function readSnapshot(db: Db): Promise<SettingsSnapshot> {
  const entries = await readEntries(db);
  return { entries, byLocale: new Map() };
}

/**
 * Settings are name/value entries; an entry may exist per language (locale 'cs' / 'en') or once
 * for all languages (locale NULL). A language's own entry wins over the shared one.
 *
 * Every page reads them: they are read once into memory and dropped when a settings row changes,
 * whoever changes it (`cache`, server/db/notify-cache.ts). What the reads return is shared and
 * frozen.
 */
export function createSettingsService(db: Db, cache: ShellDataCache = noShellDataCache) {
  const snapshot = cache.cached("settings", () => readSnapshot(db));
  const entries = async () => (await snapshot(undefined)).entries;
  const list = async (locale: Locale): Promise<SettingEntry[]> => {
    const { entries, byLocale } = await snapshot(undefined);
    let view = byLocale.get(locale);
    if (!view) {
      view = listForLocale(entries, locale);
      // Shared like the snapshot: frozen alike (the values in it are already).
      for (const entry of view) Object.freeze(Object.freeze(entry).value);
      Object.freeze(view);
      byLocale.set(locale, view);
    }
    return view;
  };
  const put = (name: string, locale: Locale | null, value: unknown) => putSetting(db, name, locale, value);

  return {
    list,
    put,
    /** Every stored entry, each language apart, as the back office edits them. */
    entries,
    /**
     * A value saved from the back office (already checked by its schema): stored, the maintenance
     * switch with who switched it and when. Returns the value before and the value stored, for the
     * audit log.
     */
    async update(name: string, locale: Locale | null, value: unknown, actor: SettingActor) {
      const current = (await entries()).find((entry) => entry.name === name && entry.locale === locale);
      const stored =
        name === "maintenance" ? stampMaintenance(value, current?.value, actor, new Date()) : value;
      const previous = await put(name, locale, stored);
      return { before: previous ?? null, after: stored };
    },
    /** The maintenance switch with who switched it and when (the back office's banner). */
    async maintenanceState(): Promise<MaintenanceState | null> {
      const entry = (await entries()).find((item) => item.name === "maintenance" && item.locale === null);
      return (entry?.value as MaintenanceState | undefined) ?? null;
    },

    /**
     * A setting shared by both languages, read through the caller's transaction (not the cache):
     * for a decision inside a transaction, where the embedded database's one connection is held.
     */
    async sharedValueIn<T = unknown>(executor: Db, name: string): Promise<T | undefined> {
      const [row] = await executor
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.name, name), isNull(settings.locale)));
      return row?.value as T | undefined;
    },

    async get<T = unknown>(name: string, locale: Locale = "cs"): Promise<T | undefined> {
      return (await list(locale)).find((entry) => entry.name === name)?.value as T | undefined;
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
