import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { messageThreads } from "./tables.ts";

/**
 * The column other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows belong to a conversation (a deal's payment request). Only tables import this.
 */
export const threadKey = (): AnyPgColumn => messageThreads.id;
