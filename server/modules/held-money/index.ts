/**
 * The held money's daily check (issue 35, item 4; ADR 0076): the provider's balance against what
 * the deals' records say it should hold, stored as a history the back office shows. Its table
 * stays inside; the expected sum is the deals'.
 */
export {
  createHeldMoneyService,
  type HeldMoneyDeps,
  type HeldMoneyService,
  RECONCILE_QUEUE,
} from "./service.ts";
