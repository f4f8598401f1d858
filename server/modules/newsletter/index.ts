export { createNewsletterPersonalData } from "./personal-data.ts";
export { createNewsletterService, followEmailChange, type NewsletterService } from "./service.ts";
