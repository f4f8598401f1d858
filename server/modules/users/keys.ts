import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./tables.ts";

/**
 * The column other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows belong to a user. Only tables import this; code asks the users service.
 */
export const userKey = (): AnyPgColumn => users.id;
