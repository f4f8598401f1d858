export { createAccountDataService } from "./account-data.ts";
export { createAccountOverviewService } from "./account-overview.ts";
export { createEmailConfirmationService } from "./email-confirmation.ts";
export { requireConfirmedEmail } from "./guards.ts";
export { createListingQuotaService, type ListingQuotaService } from "./listing-quota.ts";
export { isStrongPassword, passwordScore } from "./password-strength.ts";
export { createProfileService } from "./profile.ts";
export { createAccountServices } from "./registration.ts";
export { createVerificationService } from "./verification.ts";
