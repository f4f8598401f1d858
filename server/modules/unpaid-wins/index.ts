/**
 * The unpaid wins' public face (issue 35, item 7; docs/product/deals.md, "The winner who does not
 * pay"): the strikes, the operator's reviews of suspended bidding and the second-chance offers.
 * Their tables stay inside; the deals are the deals module's.
 */
export { createUnpaidWinsAdmin, type UnpaidWinsAdmin, type UnpaidWinsAdminDeps } from "./admin.ts";
export { createUnpaidWinsPersonalData } from "./personal-data.ts";
export { createUnpaidWinsService, type UnpaidWinsDeps, type UnpaidWinsService } from "./service.ts";
// The appeals against a kept suspension (server/modules/disputes): the review, and the strikes
// cleared when another staff member changes the decision; the deadline's strike (the wiring).
// The deals' "Koupit" and the payment requests' acceptance ask it too (the wiring).
export {
  clearStrikes,
  isBiddingSuspended as isBuyingSuspended,
  recordStrike,
  strikeReviewOf,
} from "./strikes.ts";
