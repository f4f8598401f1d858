/**
 * The deal-terms module's public face (issue 35, ADR 0075): a listing's terms for deals through
 * the site (the classified's opt-in, the delivery options) and whether deals are offered at all.
 * Its table `listing_deal_terms` stays inside.
 *
 *   termsOf(productId, tx?) -> DealTerms | null
 *   termsOfMany(productIds, tx?) -> Map<productId, DealTerms>
 *   save(productId, DealTerms | null, tx?) -> ok(terms) | err("invalid", FieldProblems)
 *   dealsAvailable() -> boolean, availableDealFees() -> DealFees | null   (the `deals` setting)
 */
export { availableDealFees, dealsAvailable } from "./availability.ts";
export type { DealTerms } from "./contracts.ts";
export {
  createDealTermsService,
  type DealTermsRefusal,
  type DealTermsService,
  type DealTermsServiceDeps,
} from "./service.ts";
