export { followEmailChange } from "./email-change.ts";
export { createNewsletterPersonalData } from "./personal-data.ts";
export { createNewsletterService, type NewsletterService } from "./service.ts";
