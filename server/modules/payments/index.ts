export {
  type AdminUserOrder,
  type AdminUserPayment,
  ordersAndPaymentsOfUser,
} from "./admin-user-reads.ts";
export type { AdminBankStatement, AdminBankStatementLine } from "./bank/read.ts";
export { STATEMENT_SORTS } from "./bank/read.ts";
export { variableSymbolOf } from "./bank-account.ts";
export { type PaymentsDashboardFigures, paymentsDashboardFigures } from "./dashboard-figures.ts";
export { createTestGateway } from "./gateways.ts";
export { RESERVATION_SWEEP_QUEUE, registerPaymentJobs } from "./jobs.ts";
export { type AdminOrderDetail, type AdminOrderRow, ORDER_SORTS } from "./orders/admin-read.ts";
export { invoicedOrder } from "./orders/invoiced.ts";
export { createPaymentsPersonalData } from "./personal-data.ts";
export { createPaymentsService, type PaymentsService } from "./service.ts";
export type { PlacedShopOrder, ShopOrderInput } from "./shop/place.ts";
export type { VoucherCheck, VoucherTermsForCart } from "./shop/vouchers.ts";
