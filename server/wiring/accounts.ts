import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { createAuditLogReader, createAuditService, recordAudit } from "#server/modules/admin/index.ts";
import { createAgeCheckPersonalData } from "#server/modules/age-check/index.ts";
import {
  createAuthPersonalData,
  createAuthService,
  createLoginThrottle,
  createSecondFactorService,
  createSessionsService,
} from "#server/modules/auth/index.ts";
import { bidsOfUser, createAccountBids, createBiddingPersonalData } from "#server/modules/bidding/index.ts";
import { categorySummaries } from "#server/modules/catalog/index.ts";
import {
  createAccountServices,
  createVerificationService,
  credentialsPersonalData,
  pendingEmailOf,
} from "#server/modules/credentials/index.ts";
import { createDealsPersonalData } from "#server/modules/deals/index.ts";
import { createDisputesPersonalData } from "#server/modules/disputes/index.ts";
import { listingsOfSeller } from "#server/modules/listing-admin-reads/index.ts";
import {
  type CatalogService,
  createAccountListingReads,
  type createProductDetailService,
} from "#server/modules/listing-reads/index.ts";
import { createListingsPersonalData, runningAuctionsOf } from "#server/modules/listings/index.ts";
import { createCountryCheck } from "#server/modules/lists/index.ts";
import type { UploadLimiter } from "#server/modules/media/index.ts";
import { createMessagesPersonalData, type MessagesService } from "#server/modules/messages/index.ts";
import {
  createNewsletterPersonalData,
  createNewsletterService,
  followEmailChange,
} from "#server/modules/newsletter/index.ts";
import { createOrdersPersonalData } from "#server/modules/orders/index.ts";
import { ordersAndPaymentsOfUser } from "#server/modules/payments/index.ts";
import { createProfileReviews, createReviewsPersonalData } from "#server/modules/reviews/index.ts";
import { createShillSignalsPersonalData } from "#server/modules/shill-signals/index.ts";
import { createShopPersonalData } from "#server/modules/shop/index.ts";
import { createTradersPersonalData } from "#server/modules/traders/index.ts";
import { createUnpaidWinsPersonalData } from "#server/modules/unpaid-wins/index.ts";
import { createUserGroupsAdmin } from "#server/modules/user-groups/index.ts";
import {
  createAccountDataService,
  createAccountOverviewService,
  createAdminUsersService,
  createProfileService,
  createSignInAccounts,
  createStaffRolesService,
  groupMemberCounts,
  type ListingQuotaService,
  publicNamesOf,
} from "#server/modules/users/index.ts";
import { createWatchdogPersonalData } from "#server/modules/watchdog/index.ts";
import { createWishlistPersonalData, type WishlistService } from "#server/modules/wishlist/index.ts";
import type { Base } from "./base.ts";

/**
 * Accounts (server/modules/users, credentials, auth): the users module owns the accounts, the
 * credentials module sign-up and the links and codes that prove or reset them, auth the sessions;
 * each gets the others' functions from here.
 */
export function wireAccounts({ db, mail, sms, config, logger }: Base) {
  // One per process, shared by the API, the web login and the account pages' password checks
  // (the web app is a separate bundle: a module-level instance would not be shared with it).
  const loginThrottle = createLoginThrottle(undefined, config.altchaHmacKey);
  const sessions = createSessionsService(db);
  const newsletter = createNewsletterService(db, mail, config, { categorySummaries });
  const accounts = createAccountServices({
    db,
    mail,
    config,
    logger,
    newsletter,
    followEmailChange,
    endSessions: sessions.endAll,
    loginThrottle,
  });
  return {
    loginThrottle,
    sessions,
    newsletter,
    accounts,
    auth: createAuthService(db, createSignInAccounts(db)),
    audit: createAuditService(db),
    secondFactor: createSecondFactorService(db, { audit: recordAudit }),
    staffRoles: createStaffRolesService(db, { audit: recordAudit }),
    /** The back office's user groups (server/modules/user-groups); the accounts count their members. */
    adminGroups: createUserGroupsAdmin({ db, recordAudit, memberCounts: groupMemberCounts }),
    auditLog: createAuditLogReader(
      db,
      async (ids) => new Map((await publicNamesOf(db, ids)).map((name) => [name.id, name.username])),
    ),
    verification: createVerificationService({ db, sms, logger }),
  };
}

/** What the account's pages are wired with, from the areas wired before them. */
type AccountPagesNeeds = Pick<ReturnType<typeof wireAccounts>, "loginThrottle" | "sessions" | "accounts"> & {
  catalog: Pick<CatalogService, "advertisementStatistics">;
  messages: Pick<MessagesService, "counter">;
  wishlist: Pick<WishlistService, "getForUser">;
  productPages: Pick<ReturnType<typeof createProductDetailService>, "productStates">;
  listingQuota: ListingQuotaService;
  uploads: UploadLimiter;
};

/**
 * The pages about one account: the public profile, the overview (what the user's listings, bids,
 * watched products and notices come to) and the data export and deletion, which read the other
 * modules through these functions of the owners.
 */
export function wireAccountPages({ db, config, logger, jobs, storage }: Base, needs: AccountPagesNeeds) {
  const { catalog, messages, wishlist, productPages, listingQuota, accounts } = needs;
  const listingReads = createAccountListingReads(db);
  const accountData = createAccountDataService({
    db,
    storage,
    loginThrottle: needs.loginThrottle,
    pendingEmail: (userId, current, at) => pendingEmailOf(db, userId, current, at),
    isKnownCountry: createCountryCheck(db),
    runningAuctionsOf,
    personalData: personalDataSources(db, listingReads.productNames, { publicUrl: config.publicUrl, jobs }),
    recordAudit,
    uploads: needs.uploads,
    logger,
  });
  return {
    profiles: createProfileService(db, {
      ...createProfileReviews(db),
      sellerFigures: listingReads.sellerFigures,
      productSummaries: listingReads.productSummaries,
    }),
    accountOverview: createAccountOverviewService({
      advertisementStatistics: (userId) => catalog.advertisementStatistics(userId),
      notificationCounts: (userId) => messages.counter(userId),
      lastBidsOf: createAccountBids(db).lastBidsOf,
      productSummaries: listingReads.productSummaries,
      watchedProducts: async (userId, locale) =>
        (await wishlist.getForUser(userId, locale))?.items.map((item) => item.product) ?? [],
      productStates: (ids) => productPages.productStates(ids),
      quota: listingQuota,
      resendConfirmationLink: (userId) => accounts.emailConfirmation.resend(userId),
    }),
    accountData,
    /** The back office's users (server/modules/users/admin): reads the owners through their functions. */
    adminUsers: createAdminUsersService({
      db,
      recordAudit,
      accountData,
      reads: {
        listingsOf: (userId, limit) => listingsOfSeller(db, userId, limit),
        bidsOf: (userId, limit) => bidsOfUser(db, userId, limit),
        ordersAndPaymentsOf: (userId, limit) => ordersAndPaymentsOfUser(db, userId, limit),
        productNames: listingReads.productNames,
        liveSessions: async (userId) => (await needs.sessions.list(userId, null)).length,
      },
    }),
  };
}

/**
 * What each module keeps about a user, for the data export and the account's deletion (in the
 * deletion's order: the listings first, the sessions last).
 */
function personalDataSources(
  db: Db,
  productNames: ReturnType<typeof createAccountListingReads>["productNames"],
  /** Where the export's links to dispute photos point, and the jobs that remove an erased account's. */
  disputes: { publicUrl: string; jobs: Pick<JobRunner, "send"> },
) {
  return [
    createListingsPersonalData(db),
    createWishlistPersonalData(db, { productNames }),
    createWatchdogPersonalData(db),
    createNewsletterPersonalData(db),
    createMessagesPersonalData(db),
    createBiddingPersonalData(db, { productNames }),
    createReviewsPersonalData(db),
    createOrdersPersonalData(db),
    createShopPersonalData(db),
    createDealsPersonalData(db, { productNames }),
    createDisputesPersonalData(db, disputes),
    createUnpaidWinsPersonalData(db),
    createShillSignalsPersonalData(db),
    createTradersPersonalData(db),
    createAgeCheckPersonalData(db),
    credentialsPersonalData,
    createAuthPersonalData(db),
  ];
}
