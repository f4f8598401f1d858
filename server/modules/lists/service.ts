import { asc } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { noShellDataCache, type ShellDataCache } from "#server/db/notify-cache.ts";
import { countries, currencies } from "./tables.ts";

export type CurrencyDto = {
  id: number;
  is_default: boolean;
  code: string;
  symbol_before: string | null;
  symbol_after: string | null;
  decimals: number;
  /** CZK per one unit of the currency; prices (stored in CZK) are divided by it for display. */
  rate: number;
};

async function readCurrencies(db: Db): Promise<CurrencyDto[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.id));
  return rows.map((row) => ({
    id: row.id,
    is_default: row.isDefault,
    code: row.code,
    symbol_before: row.symbolBefore,
    symbol_after: row.symbolAfter,
    decimals: row.decimals,
    rate: Number(row.rate),
  }));
}

/**
 * The code lists. The currencies are on every page: read once into memory and dropped when a
 * currency row changes, whoever changes it (`cache`, server/db/notify-cache.ts); the list returned
 * is shared and frozen.
 */
export function createListsService(db: Db, cache: ShellDataCache = noShellDataCache) {
  const currencyList = cache.cached("currencies", () => readCurrencies(db));
  return {
    currencies: (): Promise<CurrencyDto[]> => currencyList(undefined),

    async countries(locale: Locale): Promise<{ code: string; name: string }[]> {
      const rows = await db.select().from(countries).orderBy(asc(countries.position));
      const named = rows.map((row) => ({
        code: row.code,
        name: locale === "en" ? row.nameEn : row.nameCs,
        position: row.position,
      }));
      // Position first (home markets on top), then alphabetically in the language's own collation.
      named.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, locale));
      return named.map(({ code, name }) => ({ code, name }));
    },
  };
}
