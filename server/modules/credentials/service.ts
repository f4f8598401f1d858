import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { createAltcha } from "../auth/index.ts";
import { createEmailConfirmationService, type FollowEmailChange } from "./email-confirmation.ts";
import type { EndSessions } from "./new-password.ts";
import { createPasswordResetService } from "./password-reset.ts";
import { createRecaptchaVerifier } from "./recaptcha.ts";
import { createRegistrationService, type NewsletterOptIn } from "./registration.ts";

/**
 * Registration, e-mail confirmation and password reset (services.accounts), wired from the
 * process's database, mailer and config, and the other modules' functions server/services.ts
 * passes in: the newsletter's opt-in and its following of an e-mail change, the ending of sessions.
 */
export function createAccountServices({
  db,
  mail,
  config,
  logger,
  newsletter,
  followEmailChange,
  endSessions,
}: {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl" | "recaptcha" | "altchaHmacKey">;
  logger?: Pick<Logger, "error" | "warn">;
  newsletter: NewsletterOptIn;
  followEmailChange: FollowEmailChange;
  endSessions: EndSessions;
}) {
  const altcha = createAltcha({ purpose: "register", hmacKey: config.altchaHmacKey });
  const emailConfirmation = createEmailConfirmationService({ db, mail, config, followEmailChange });
  return {
    altcha,
    emailConfirmation,
    registration: createRegistrationService({
      db,
      altcha,
      emailConfirmation,
      newsletter,
      mail,
      config,
      recaptcha: config.recaptcha
        ? createRecaptchaVerifier({ settings: config.recaptcha, expectedAction: "register", logger })
        : undefined,
      logger,
    }),
    passwordReset: createPasswordResetService({ db, mail, config, endSessions, logger }),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
