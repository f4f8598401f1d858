/**
 * The deals' back office (ADR 0076, ADR 0089): the operator's reads of the deals, which read the
 * deals' tables as a declared read side, and the operator's moves, which the deals' flow makes;
 * and the deals as the disputes' and unpaid wins' back-office queues show them.
 */
export { CANCEL_REASON_MAX } from "./actions.ts";
export type { ProviderCallFilters } from "./calls.ts";
// The dispute queue's and the strike reviews' deals (server/modules/disputes, unpaid-wins).
export { type DealCard, dealCardsOf } from "./cards.ts";
export type { AdminDealFilters, AdminDealSort } from "./reads.ts";
export { createDealsAdmin, type DealsAdmin, type DealsAdminDeps } from "./service.ts";
