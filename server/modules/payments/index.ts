export {
  type AdminUserOrder,
  type AdminUserPayment,
  ordersAndPaymentsOfUser,
} from "./admin-user-reads.ts";
export type { AdminBankStatement, AdminBankStatementLine } from "./bank/read.ts";
export { STATEMENT_SORTS, statementLinesUnmatched } from "./bank/read.ts";
export { createTestGateway } from "./gateways.ts";
export type { AdminOrderDetail } from "./orders/admin-detail.ts";
export { createPaymentsService, type PaymentsService } from "./service.ts";
export { buildSpayd, spaydQrSvg } from "./spayd.ts";
