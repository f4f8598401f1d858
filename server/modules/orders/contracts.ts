/**
 * The order's rows as other modules receive and hand them back (the payments module locks an
 * order, pays, cancels or refunds it with these); the tables themselves stay inside the module.
 */
export type { Order, OrderAddress, OrderItem } from "./tables.ts";
