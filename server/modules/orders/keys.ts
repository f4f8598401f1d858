import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { orders } from "./tables.ts";

/**
 * The column other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * their rows are about an order (a payment, a refund, a bank line, a tax document). Only tables import this; code asks the service.
 */
export const orderKey = (): AnyPgColumn => orders.id;
