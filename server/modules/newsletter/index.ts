export { followEmailChange } from "./email-change.ts";
export { createNewsletterService, type NewsletterService } from "./service.ts";
