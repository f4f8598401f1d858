import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { countries } from "./tables.ts";

/** The column addresses point their country at (docs/architecture.md, "Tables"); only tables import this. */
export const countryKey = (): AnyPgColumn => countries.code;
