/**
 * Rate limits shared by every instance (ADR 0095): the `rate_limits` table and the store that
 * counts in it. The limiters themselves are server/lib/rate-limit.ts's; the server's start hands
 * them this store on PostgreSQL.
 */
export { createPostgresRateLimitStore } from "./postgres-store.ts";
