export { createNewsletterService, followEmailChange, type NewsletterService } from "./service.ts";
