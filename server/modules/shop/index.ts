export {
  createShopService,
  type PlacedOrder,
  type Shopper,
  type ShopResult,
  type ShopService,
} from "./service.ts";
