export { pendingEmailOf } from "./email-change.ts";
export type { ConfirmResult, EmailConfirmationService, FollowEmailChange } from "./email-confirmation.ts";
export type { EndSessions } from "./new-password.ts";
export { credentialsPersonalData } from "./personal-data.ts";
export type { NewsletterOptIn, RegistrationResult } from "./registration.ts";
export { type AccountServices, createAccountServices } from "./service.ts";
export { createVerificationService, type VerificationService } from "./verification.ts";
