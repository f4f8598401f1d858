export { GUEST_CART_DAYS, registerShopJobs } from "./jobs.ts";
export { createShopPersonalData } from "./personal-data.ts";
export type { ShopPorts } from "./ports.ts";
export {
  createShopService,
  type PlacedOrder,
  type ShopClient,
  type Shopper,
  type ShopResult,
  type ShopService,
} from "./service.ts";
