/**
 * The deals module's public face (docs/architecture.md, "Modules"; issue 35, ADR 0073): its
 * service, the steps another module runs in its own transaction, and the types they speak in.
 * Its tables (deals, their status history, the ledger) stay inside.
 */
export type {
  Balances,
  DealView,
  LedgerAccount,
  LedgerMovement,
  NewDeal,
} from "./contracts.ts";
export { LEDGER_ACCOUNTS, MOVEMENT_ACCOUNTS } from "./contracts.ts";
export { createDealsService, type DealsService } from "./service.ts";
export type { Resolution, StepRefusal } from "./settle.ts";
export type { DealActor } from "./transitions.ts";
