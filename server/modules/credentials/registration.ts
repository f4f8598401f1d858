import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { passwordErrors } from "#core/rules/passwords.ts";
import { RegistrationSchema } from "#core/schemas/registration.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { type Altcha, hashPassword } from "../auth/index.ts";
import { type AccountContact, accountByEmail, insertAccount } from "../users/index.ts";
import type { EmailConfirmationService } from "./email-confirmation.ts";
import type { RecaptchaVerifier } from "./recaptcha.ts";
import { type BotProof, botErrors, duplicateErrors, sendTakenNotice } from "./registration-steps.ts";

export type { BotProof } from "./registration-steps.ts";

/**
 * Ok (accepted) is the one answer for a new address and for one that already has an account (then
 * its owner gets a mail instead of a new account): nobody learns from registration whether an
 * address is registered.
 */
export type RegistrationResult =
  | Ok<undefined>
  | Err<"invalid", { problems: FieldProblems }>
  | Err<"limited", { retryAfterSeconds: number }>;

/** The newsletter's opt-in (a port: the newsletter module's service, passed in by server/services.ts). */
export type NewsletterOptIn = {
  savePreferences(
    user: { id: number; email: string; emailConfirmed: boolean },
    categoryIds: number[],
    locale: Locale,
  ): Promise<unknown>;
};

type Deps = {
  db: Db;
  altcha: Altcha;
  emailConfirmation: Pick<EmailConfirmationService, "sendWelcome">;
  newsletter: NewsletterOptIn;
  /** reCAPTCHA v3 instead of ALTCHA's proof of work, when the site key and the secret are configured. */
  recaptcha?: RecaptchaVerifier;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
  /** Complete registration attempts (past the field and bot checks) per IP and hour. */
  perIpLimit?: number;
};

/** Complete registration attempts one IP may make per hour (ADR 0010). */
export const REGISTRATIONS_PER_IP_HOUR = 10;
/** "Somebody tried to register with your address" mails one address gets per hour at most. */
const TAKEN_NOTICES_PER_EMAIL_HOUR = 3;

/**
 * The form's field errors and the bot check's, together, so the visitor fixes everything in one
 * go. The bot check comes before anything that touches the database, and before the password's
 * guessability is scored: nobody gets that CPU without a solved challenge (ADR 0012).
 */
async function formErrors(
  deps: Deps,
  raw: Record<string, unknown>,
  meta: { locale: Locale; ip: string; proof: BotProof },
) {
  const parsed = RegistrationSchema.safeParse(raw);
  const errors: FieldProblems = parsed.success ? {} : issuesToFieldProblems(parsed.error.issues);
  const identity = [String(raw.email ?? ""), String(raw.username ?? "")];
  const names = [String(raw.firstname ?? ""), String(raw.lastname ?? "")];
  const bot = await botErrors(deps, meta.proof, meta.ip);
  delete errors.password;
  Object.assign(errors, passwordErrors(raw, identity, { names, scoreStrength: !bot.form }));
  Object.assign(errors, bot);
  return { input: parsed.success ? parsed.data : null, errors };
}

/** The account exists now; a mail or newsletter hiccup must not turn that into an error page. */
async function welcome(deps: Deps, user: AccountContact, newsletter: boolean, locale: Locale) {
  try {
    await deps.emailConfirmation.sendWelcome(user);
  } catch (error) {
    deps.logger?.error({ err: error, userId: user.id }, "welcome mail failed");
  }
  if (!newsletter) return;
  try {
    await deps.newsletter.savePreferences(
      { id: user.id, email: user.email, emailConfirmed: false },
      [],
      locale,
    );
  } catch (error) {
    deps.logger?.error({ err: error, userId: user.id }, "newsletter opt-in at registration failed");
  }
}

export function createRegistrationService(deps: Deps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const perIp = new RateLimiter({
    name: "registration:ip",
    limit: deps.perIpLimit ?? REGISTRATIONS_PER_IP_HOUR,
    windowMs: 3600 * 1000,
    now: clock,
  });
  const takenNotices = new RateLimiter({
    name: "registration:taken-notice",
    limit: TAKEN_NOTICES_PER_EMAIL_HOUR,
    windowMs: 3600 * 1000,
    now: clock,
  });
  const limited = async (ip: string) =>
    err("limited", { retryAfterSeconds: await perIp.retryAfterSeconds(ip) });
  const invalid = (problems: FieldProblems) => err("invalid", { problems });

  return {
    /**
     * Creates an account from the form body. Field errors and the bot check are reported together;
     * only a form that passes both (and the per-IP limit) gets near the question whether its
     * e-mail is registered. A taken address answers `accepted` like a new one and its owner gets a
     * mail instead; the password is hashed either way, so the two take equally long. On a new
     * address the user exists with an argon2id hash, the welcome mail with the confirmation link is
     * sent and, when asked, the newsletter opt-in started. Nobody is logged in: the visitor
     * confirms the address and logs in (ADR 0010).
     */
    async register(
      raw: Record<string, unknown>,
      meta: { locale: Locale; ip: string; proof: BotProof },
    ): Promise<RegistrationResult> {
      const { locale, ip } = meta;
      if (await perIp.isLimited(ip)) return limited(ip);
      const { input, errors } = await formErrors(deps, raw, meta);
      if (!input || Object.keys(errors).length > 0) return invalid(errors);

      if (!(await perIp.attempt(ip))) return limited(ip);
      const duplicates = await duplicateErrors(db, input);
      if (Object.keys(duplicates).length > 0) return invalid(duplicates);

      const passwordHash = await hashPassword(input.password);
      if (await accountByEmail(db, input.email)) {
        await sendTakenNotice(deps, takenNotices, input.email);
        return ok();
      }
      const inserted = await insertAccount(db, input, passwordHash, { locale, at: now() });
      if ("taken" in inserted) {
        if (inserted.taken === "username")
          return invalid({ username: [{ key: "registration.errors.usernameTaken" }] });
        await sendTakenNotice(deps, takenNotices, input.email);
        return ok();
      }
      await welcome(deps, inserted.user, input.newsletter, locale);
      return ok();
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
