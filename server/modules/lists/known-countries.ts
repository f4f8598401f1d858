import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { countries } from "./tables.ts";

/** Whether a country code is on the list (an address's country must be: users/account-data). */
export function createCountryCheck(db: Db) {
  return async function isKnownCountry(code: string): Promise<boolean> {
    const [row] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, code))
      .limit(1);
    return row !== undefined;
  };
}
