import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { createAccountSubscription } from "./account-subscription.ts";
import type { NewsletterReads } from "./ports.ts";
import { createSubscriptions } from "./subscriptions.ts";

/**
 * The newsletter with double opt-in (GDPR): the footer sign-up and the opt-in mail's links
 * (subscriptions.ts, opt-in.ts), the account e-mail's subscription (account-subscription.ts), and
 * an account's e-mail change carried over to its subscription (email-change.ts).
 *
 * `reads` (the listings' categories, to check a choice) is optional because the users module
 * builds its own instance for registration, which subscribes without categories; server/services.ts
 * passes it to the instance the API and the pages use.
 */
export function createNewsletterService(
  db: Db,
  mail: Mailer,
  config: Pick<Config, "publicUrl">,
  reads?: NewsletterReads,
) {
  const deps = { db, mail, config, reads };
  return { ...createSubscriptions(deps), ...createAccountSubscription(deps) };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
