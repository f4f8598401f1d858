/**
 * The traders module's public face (issue 36, item 2; ADR 0085): every seller's declaration,
 * private person or trader, a trader's DSA Art 30 data checked against ARES, and the listings'
 * publishing gate. Its table `seller_declarations` stays inside.
 *
 *   declarationOf(userId) -> SellerDeclarationView | null
 *   declare(userId, form) -> ok({ view, aresCheck }) | err("invalid", FieldProblems) | err("limited")
 *   aresPrefill(userId, { ico }) -> ok(AresOutcome) | err("invalid") | err("limited")
 *   publicSellerOf(userId) -> PublicSeller | null          (product page, profile)
 *   publishRefusal(userId, tx?) -> SellerGateCode | null   (the listings' sellerGate)
 *   sellerKindsOf(userIds) -> Map<userId, { kind, aresVerifiedAt }>   (badges)
 *   admin: list(filter), recheck, suspend (statement of reasons), reinstate
 */
export type { AresOutcome } from "./declaration.ts";
export { registerTraderJobs, TRADER_RETENTION_QUEUE } from "./jobs.ts";
export { traderVerifiedAtSql } from "./reads.ts";
export { createTradersPersonalData, eraseEndedDeclarations, TRADER_RETENTION_MONTHS } from "./retention.ts";
export { createTradersService, type TradersService, type TradersServiceDeps } from "./service.ts";
