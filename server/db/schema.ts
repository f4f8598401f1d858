/**
 * The whole database schema: every module's tables, re-exported so that Drizzle sees one schema
 * (relations, migrations, the typed `db` handle). Modules own their tables; other modules go
 * through the owning module's service.
 */
export * from "../modules/admin/tables.ts";
export * from "../modules/age-check/tables.ts";
export * from "../modules/auth/tables.ts";
export * from "../modules/bidding/tables.ts";
export * from "../modules/bottlings/tables.ts";
export * from "../modules/catalog/tables.ts";
export * from "../modules/cms/tables.ts";
export * from "../modules/credentials/tables.ts";
export * from "../modules/deal-terms/tables.ts";
export * from "../modules/deals/tables/provider.ts";
export * from "../modules/deals/tables.ts";
export * from "../modules/disputes/tables.ts";
export * from "../modules/held-money/tables.ts";
export * from "../modules/invoicing/tables.ts";
export * from "../modules/listing-attributes/tables.ts";
export * from "../modules/listing-evidence/tables.ts";
export * from "../modules/listings/tables/listing-counts.ts";
export * from "../modules/listings/tables/products.ts";
export * from "../modules/listings/tables/submissions.ts";
export * from "../modules/lists/tables.ts";
export * from "../modules/messages/tables.ts";
export * from "../modules/moderation/tables.ts";
export * from "../modules/newsletter/tables.ts";
export * from "../modules/orders/tables.ts";
export * from "../modules/payment-requests/tables.ts";
export * from "../modules/payments/tables/bank.ts";
export * from "../modules/payments/tables/refunds.ts";
export * from "../modules/payments/tables.ts";
export * from "../modules/push/tables.ts";
export * from "../modules/rate-limits/tables.ts";
export * from "../modules/reviews/tables.ts";
export * from "../modules/sale-results/tables.ts";
export * from "../modules/settings/tables.ts";
export * from "../modules/shill-signals/tables.ts";
export * from "../modules/shop/tables.ts";
export * from "../modules/traders/tables.ts";
export * from "../modules/unpaid-wins/tables.ts";
export * from "../modules/user-groups/tables.ts";
export * from "../modules/users/tables.ts";
export * from "../modules/watchdog/tables.ts";
export * from "../modules/wishlist/tables.ts";
