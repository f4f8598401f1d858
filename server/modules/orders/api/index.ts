import { createApiRouter } from "#server/http/api/router.ts";
import { adminVouchersApi } from "./admin-vouchers.ts";

/** The back office's vouchers (scope `orders`); the orders' other calls are the payments module's routes. */
export const ordersApi = createApiRouter().route("/", adminVouchersApi);
