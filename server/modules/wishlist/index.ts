export { createWishlistService, type WishlistService } from "./service.ts";
