import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { invoices } from "./tables.ts";

/**
 * The column other modules' tables point their foreign keys at (docs/architecture.md, "Tables"):
 * a refund's credit note. Only tables import this; code asks the invoicing module.
 */
export const invoiceKey = (): AnyPgColumn => invoices.id;
