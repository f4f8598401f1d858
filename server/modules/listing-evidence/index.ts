/**
 * The evidence of authenticity of a listing (issue 36, item 3; ADR 0086; docs/product/trust.md,
 * "Evidence of authenticity"). It owns `listing_evidence` (the fill level) and
 * `listing_evidence_photos` (which of the listing's photos fills which slot); the photos stay the
 * listing's. Its tables stay inside.
 *
 *   hook: ListingEvidenceHook          the listings' submission calls it: the rule for spirits
 *                                      auctions above the threshold, the slots saved with the listing
 *   evidenceOf(productId) -> StoredEvidence | null        the edit page
 *   set(tx, productId, sellerId, StoredEvidence) -> ok | err("not_found" | "invalid", problems)
 *   formRules() -> EvidenceFormRules   the spirits' categories and the threshold (the form)
 *   galleryOf(productId) -> ListingEvidenceView | null     the product page
 *   fillLevelsOf(db, productIds) -> Map<id, FillLevel>     the archive of results (sale-results)
 */
export { fillLevelRowsSql, fillLevelsOf } from "./fill-levels.ts";
export { evidenceRules } from "./rules.ts";
export {
  createListingEvidenceService,
  type ListingEvidenceService,
  type ListingEvidenceServiceDeps,
  type StoredEvidence,
} from "./service.ts";
