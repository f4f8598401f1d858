import { createApiRouter } from "#server/http/api/router.ts";
import { invoicesApi } from "./invoices.ts";
import { ordersApi } from "./orders.ts";
import { promotionsApi } from "./promotions.ts";
import { webhooksApi } from "./webhooks.ts";

/**
 * Paying the operator: a promotion (topování) or an insertion fee becomes an order; the order
 * (id + hash) is paid by bank transfer with a QR payment or by card at the gateway; gateways
 * notify /api/payments/webhooks/{provider}. The operator's "transfer arrived" lives with the
 * other back-office calls (server/modules/admin/api.ts).
 */
export const paymentsApi = createApiRouter()
  .route("/", promotionsApi)
  .route("/", ordersApi)
  .route("/", webhooksApi)
  .route("/", invoicesApi);
