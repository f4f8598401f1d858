export { createWishlistPersonalData } from "./personal-data.ts";
export { createWishlistService, type WishlistService } from "./service.ts";
export { watcherCountSql } from "./sql-fragments.ts";
export { watchersOf } from "./watchers.ts";
