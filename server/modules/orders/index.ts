/**
 * The orders module's public face (docs/architecture.md, "Modules"): its service, the operations
 * another module runs in its own transaction (the payments module pays, cancels and refunds
 * orders through them) and the types they speak in. Its tables stay inside.
 */
export {
  type AdminOrderFilter,
  type AdminOrderRow,
  ORDER_SORTS,
  orderWithItems,
} from "./admin-read.ts";
export { variableSymbolOf } from "./bank-account.ts";
export type { UserContact } from "./context.ts";
export type { Order, OrderAddress, OrderItem } from "./contracts.ts";
export { type OrdersDashboardFigures, ordersDashboardFigures } from "./dashboard-figures.ts";
export {
  existingOrderIds,
  findOrder,
  openFeeOrder,
  orderIdsOfUser,
  ordersOfUser,
  ordersOfUserForBackOffice,
  ownerOf,
} from "./find.ts";
export { invoicedOrder } from "./invoiced.ts";
export { RESERVATION_SWEEP_QUEUE, registerOrderJobs } from "./jobs.ts";
export { createOrdersPersonalData } from "./personal-data.ts";
export {
  holdRequestKey,
  type KeyedOrder,
  orderOfRequestKey,
  type RequestKey,
} from "./request-keys.ts";
export { createOrdersService, type OrdersService } from "./service.ts";
export type { PlacedShopOrder, ShopOrderInput } from "./shop/place.ts";
export { goodsOf } from "./shop/release.ts";
export { freeVoucherUse, type VoucherCheck, type VoucherTermsForCart } from "./shop/vouchers.ts";
export { shopOrderPayable } from "./shop-view.ts";
export {
  cancelOrderByOperator,
  cancelReplacedOrders,
  cancelUnwantedOrder,
  canMoveShopOrder,
  createOrder,
  lockOrder,
  markOrderRefunded,
} from "./transitions.ts";
