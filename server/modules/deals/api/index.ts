/** The deals' back-office API (scope `deals`); the provider's webhook route is ../api.ts. */
export { adminDealsApi } from "./admin-deals.ts";
