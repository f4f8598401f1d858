import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { userGroups } from "./tables.ts";

/**
 * The column the accounts' `users.group_id` points its foreign key at (docs/architecture.md,
 * "Modules"). Only tables import this; code asks the user groups' index.
 */
export const userGroupKey = (): AnyPgColumn => userGroups.id;
