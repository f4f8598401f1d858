import { adminDashboardApi, staffAdminApi } from "#server/modules/admin/api/index.ts";
import { authApi, secondFactorApi } from "#server/modules/auth/api.ts";
import { biddingApi } from "#server/modules/bidding/api.ts";
import { adminCatalogApi, catalogApi } from "#server/modules/catalog/api/index.ts";
import { cmsApi, contentAdminApi } from "#server/modules/cms/api/index.ts";
import { verificationApi } from "#server/modules/credentials/api.ts";
import { adminDealsApi } from "#server/modules/deal-admin/api.ts";
import { dealsApi } from "#server/modules/deals/api.ts";
import { disputesApi } from "#server/modules/disputes/api.ts";
import { heldMoneyApi } from "#server/modules/held-money/api.ts";
import { listingAttributesApi } from "#server/modules/listing-attributes/api.ts";
import { listingPhotosApi } from "#server/modules/listing-photos/api.ts";
import { listingsApi } from "#server/modules/listings/api/index.ts";
import { listsApi } from "#server/modules/lists/api.ts";
import { messagesApi } from "#server/modules/messages/api.ts";
import { moderationApi } from "#server/modules/moderation/api.ts";
import { newsletterApi } from "#server/modules/newsletter/api.ts";
import { ordersApi } from "#server/modules/orders/api/index.ts";
import { paymentsApi } from "#server/modules/payments/api/index.ts";
import { pushApi } from "#server/modules/push/api.ts";
import { reviewsApi } from "#server/modules/reviews/api.ts";
import { settingsAdminApi, settingsApi } from "#server/modules/settings/api/index.ts";
import { shopApi } from "#server/modules/shop/api/index.ts";
import { tradersApi } from "#server/modules/traders/api.ts";
import { adminGroupsApi } from "#server/modules/user-groups/api.ts";
import { accountApi, adminUsersApi, securityApi } from "#server/modules/users/api/index.ts";
import { watchdogApi } from "#server/modules/watchdog/api.ts";
import { wishlistApi } from "#server/modules/wishlist/api.ts";

/** Every module's API router, mounted under /api in this order. */
export const apiModules = [
  authApi,
  secondFactorApi,
  listsApi,
  catalogApi,
  biddingApi,
  listingPhotosApi,
  listingsApi,
  listingAttributesApi,
  paymentsApi,
  dealsApi,
  ordersApi,
  shopApi,
  settingsApi,
  cmsApi,
  contentAdminApi,
  messagesApi,
  moderationApi,
  reviewsApi,
  watchdogApi,
  wishlistApi,
  newsletterApi,
  pushApi,
  settingsAdminApi,
  adminDashboardApi,
  staffAdminApi,
  adminCatalogApi,
  accountApi,
  securityApi,
  verificationApi,
  adminUsersApi,
  adminGroupsApi,
  heldMoneyApi,
  adminDealsApi,
  disputesApi,
  tradersApi,
];
