import { adminApi } from "./admin/api.ts";
import { authApi } from "./auth/api.ts";
import { biddingApi } from "./bidding/api.ts";
import { cmsApi } from "./cms/api.ts";
import { catalogApi } from "./listings/api/catalog.ts";
import { listingsApi } from "./listings/api/listings.ts";
import { listsApi } from "./lists/api.ts";
import { messagesApi } from "./messages/api.ts";
import { newsletterApi } from "./newsletter/api.ts";
import { paymentsApi } from "./payments/api.ts";
import { reviewsApi } from "./reviews/api.ts";
import { settingsApi } from "./settings/api.ts";
import { accountApi } from "./users/account-api.ts";
import { securityApi } from "./users/security-api.ts";
import { watchdogApi } from "./watchdog/api.ts";
import { wishlistApi } from "./wishlist/api.ts";

/** Every module's API router, mounted under /api in this order. */
export const apiModules = [
  authApi,
  listsApi,
  catalogApi,
  biddingApi,
  listingsApi,
  paymentsApi,
  settingsApi,
  cmsApi,
  messagesApi,
  reviewsApi,
  watchdogApi,
  wishlistApi,
  newsletterApi,
  adminApi,
  accountApi,
  securityApi,
];
