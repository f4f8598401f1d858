import { createApiRouter } from "#server/http/api/router.ts";
import { adminBankStatementsApi } from "./admin-bank-statements.ts";

export { isBankStatementUpload } from "./admin-bank-statements.ts";

import { adminOrderActionsApi } from "./admin-order-actions.ts";
import { adminOrdersApi } from "./admin-orders.ts";
import { adminPaymentsApi } from "./admin-payments.ts";
import { invoicesApi } from "./invoices.ts";
import { ordersApi } from "./orders.ts";
import { promotionsApi } from "./promotions.ts";
import { webhooksApi } from "./webhooks.ts";

/**
 * Paying the operator: a promotion (topování) or an insertion fee becomes an order; the order
 * (id + hash) is paid by bank transfer with a QR payment or by card at the gateway; gateways
 * notify /api/payments/webhooks/{provider}. The back office's calls on orders, payments and bank
 * statements (scope `orders`) are the admin-*.ts files here; its vouchers are the orders module's.
 */
export const paymentsApi = createApiRouter()
  .route("/", promotionsApi)
  .route("/", ordersApi)
  .route("/", webhooksApi)
  .route("/", invoicesApi)
  .route("/", adminOrdersApi)
  .route("/", adminPaymentsApi)
  .route("/", adminBankStatementsApi)
  .route("/", adminOrderActionsApi);
