import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { createAltcha } from "../auth/index.ts";
import type { PasswordThrottle } from "../users/index.ts";
import { requestEmailChange } from "./email-change.ts";
import { createEmailConfirmationService, type FollowEmailChange } from "./email-confirmation.ts";
import type { EndSessions } from "./new-password.ts";
import { changePassword } from "./password-change.ts";
import { createPasswordResetService } from "./password-reset.ts";
import { createRecaptchaVerifier } from "./recaptcha.ts";
import { createRegistrationService, type NewsletterOptIn } from "./registration.ts";

/**
 * Registration, e-mail confirmation and change, password reset and change (services.accounts),
 * wired from the process's database, mailer and config, and the other modules' functions
 * server/wiring passes in: the newsletter's opt-in and its following of an e-mail change, the
 * ending of sessions, the login throttle the current-password checks count with.
 */
export function createAccountServices({
  db,
  mail,
  config,
  logger,
  newsletter,
  followEmailChange,
  endSessions,
  loginThrottle,
  now = () => new Date(),
}: {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl" | "recaptcha" | "altchaHmacKey" | "registrationsPerIpHour">;
  logger?: Pick<Logger, "error" | "warn">;
  newsletter: NewsletterOptIn;
  followEmailChange: FollowEmailChange;
  endSessions: EndSessions;
  /** The process's login throttle: the current-password checks count with the logins. */
  loginThrottle: PasswordThrottle;
  now?: () => Date;
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
      perIpLimit: config.registrationsPerIpHour,
    }),
    passwordReset: createPasswordResetService({ db, mail, config, endSessions, logger }),
    /** A new e-mail address for the signed-in account, confirmed by a link (email-change.ts). */
    requestEmailChange: (userId: number, raw: unknown, meta: { ip: string }) =>
      requestEmailChange({ db, mail, config, loginThrottle, emailConfirmation, now }, userId, raw, meta),
    /** A new password after the current one; the other sessions end (password-change.ts). */
    changePassword: (userId: number, raw: unknown, meta: { ip: string; keepSessionHash: string | null }) =>
      changePassword({ db, loginThrottle, endSessions, now }, userId, raw, meta),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
