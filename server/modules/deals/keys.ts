import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { deals } from "./tables.ts";

/**
 * The column other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows belong to a deal (a dispute). Only tables import this; code asks the deals service.
 */
export const dealKey = (): AnyPgColumn => deals.id;
