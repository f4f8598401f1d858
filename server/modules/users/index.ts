export {
  checkPassword as checkCurrentPassword,
  type PasswordThrottle,
} from "./account-data/current-password.ts";
export {
  type AccountRow,
  type Invalid,
  invalid,
  invalidAt,
  type Limited,
  loadUser as accountRow,
  parse as parseAccountInput,
} from "./account-data/shared.ts";
export {
  type AccountDataService,
  createAccountDataService,
  type DeletionBlockers,
} from "./account-data.ts";
export { type AccountOverviewService, createAccountOverviewService } from "./account-overview.ts";
export {
  type AccountContact,
  type AccountKind,
  accountByEmail,
  accountsWithNameOrPhone,
  confirmEmail,
  insertAccount,
  lockedAccountEmail,
  markVerified,
  moveEmail,
  setPasswordHash,
  unconfirmedAccount,
} from "./account-rows.ts";
export {
  type AdminUserActivityReads,
  type AdminUsersService,
  createAdminUsersService,
} from "./admin/service.ts";
export {
  type CheckoutAccountInput,
  checkoutAccountClashes,
  checkoutAccountOf,
  checkoutPasswordProblems,
  openCheckoutAccount,
} from "./checkout-account.ts";
export type { PendingEmail, ResendConfirmation } from "./contracts.ts";
export { groupDiscountsOf } from "./group-discounts.ts";
export { requireConfirmedEmail } from "./guards.ts";
export { userIdByEmail } from "./ids-by-email.ts";
export { type InvoiceAddress, invoiceDetailsOf } from "./invoice-address.ts";
export { createListingQuotaService, type ListingQuotaService } from "./listing-quota.ts";
export { groupMemberCounts } from "./member-counts.ts";
export { saveNotificationSwitches, switchOffNotification } from "./notification-switches.ts";
export { createProfileService } from "./profile.ts";
export { type PublicAccount, publicAccounts, publicAccountsWith } from "./public-accounts.ts";
export { type PublicName, publicNamesOf } from "./public-names.ts";
export { type NoticeRecipient, recipientsOf } from "./recipients.ts";
export { createSignInAccounts } from "./sign-in.ts";
export { isVerifiedUserSql, usernameSql } from "./sql-fragments.ts";
export { addressLinesOf, type StaffContact, staffContactsOf, userIdsMatching } from "./staff-lookup.ts";
export {
  createStaffRolesService,
  type StaffChange,
  type StaffChangeResult,
  type StaffMember,
  type StaffRolesService,
} from "./staff-roles.ts";
export {
  type AccountForModeration,
  type AccountRestriction,
  accountsForModeration,
  blockAccount,
  liftAccountRestriction,
  suspendAccount,
} from "./suspension.ts";
