import { eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { type Altcha, createAltcha, hashPassword } from "../auth/index.ts";
import { greetingName, renderMail } from "../mail/index.ts";
import { createNewsletterService, type NewsletterService } from "../newsletter/index.ts";
import {
  createEmailConfirmationService,
  type EmailConfirmationService,
  mailLocale,
} from "./email-confirmation.ts";
import { createPasswordResetService } from "./password-reset.ts";
import { isStrongPassword } from "./password-strength.ts";
import { createRecaptchaVerifier, type RecaptchaVerifier } from "./recaptcha.ts";
import { PHONE_PREFIXES, users } from "./tables.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** A ticked HTML checkbox sends "on"; API clients may send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());
const requiredText = () => z.string().trim().min(1, { error: "validation.required", abort: true });

/**
 * The length rule for registration and for a new password (reset, change): from 8 up to 1024 (long
 * passphrases welcome; the cap only bounds the hashing work). How easy the password is to guess
 * depends on the account's own data, so passwordErrors checks that, and the confirmation field.
 */
export const PasswordSchema = z
  .string()
  .min(1, { error: "validation.required", abort: true })
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX);

/**
 * The registration form and API body. Usernames are ASCII letters, digits and dots: they appear
 * next to bids and listings, where look-alike letters from other scripts could impersonate a seller.
 */
export const RegistrationSchema = z.object({
  email: requiredText().pipe(z.email({ error: "validation.email" }).max(254)),
  username: requiredText()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9.]+$/, { error: "validation.regex" }),
  password: PasswordSchema,
  passwordConfirmation: z.string().optional(),
  firstname: requiredText().max(100),
  lastname: requiredText().max(100),
  phonePrefix: z.enum(PHONE_PREFIXES).default(""),
  phone: z
    .string()
    .default("")
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d*$/, { error: "validation.numeric", abort: true })
        .max(15)
        .refine((v) => v === "" || v.length >= 6, { error: "registration.errors.phoneShort" }),
    ),
  terms: checkbox.refine((v) => v, { error: "registration.errors.terms" }),
  adult: checkbox.refine((v) => v, { error: "registration.errors.adult" }),
  newsletter: checkbox.default(false),
});
export type RegistrationInput = z.infer<typeof RegistrationSchema>;

/**
 * The password rules as one field-to-messages map: the length, not the account's e-mail or
 * username (`identity`), hard enough to guess (password-strength.ts, with the identity and the
 * account's `names` as zxcvbn's user inputs), and the confirmation. `scoreStrength: false` leaves
 * out the guessability check, which costs up to some 40 ms of CPU (registration skips it for a
 * form that failed the bot check).
 */
export function passwordErrors(
  raw: { password?: unknown; passwordConfirmation?: unknown },
  locale: Locale,
  identity: string[] = [],
  { names = [], scoreStrength = true }: { names?: string[]; scoreStrength?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = PasswordSchema.safeParse(raw.password);
  if (!parsed.success) {
    errors.password = issuesToFieldErrors(parsed.error.issues, locale)._ ?? [];
  } else if (identity.some((value) => value && parsed.data.toLowerCase() === value.toLowerCase())) {
    errors.password = [translate(locale, "registration.errors.passwordIsIdentity")];
  } else if (scoreStrength && !isStrongPassword(parsed.data, [...identity, ...names])) {
    errors.password = [translate(locale, "registration.errors.commonPassword")];
  }
  if (typeof raw.password === "string" && raw.password !== "" && raw.passwordConfirmation !== raw.password) {
    errors.passwordConfirmation = [translate(locale, "validation.confirmed")];
  }
  return errors;
}

/** What proves a human filled the form: a solved ALTCHA challenge (its payload), or a reCAPTCHA token. */
export type BotProof = { altcha?: unknown; recaptchaToken?: unknown };

/**
 * `accepted` is the one answer for a new address and for one that already has an account (then
 * its owner gets a mail instead of a new account): nobody learns from registration whether an
 * address is registered.
 */
export type RegistrationResult =
  | { status: "accepted" }
  | { status: "invalid"; errors: FieldErrors }
  | { status: "limited"; retryAfterSeconds: number };

type Deps = {
  db: Db;
  altcha: Altcha;
  emailConfirmation: EmailConfirmationService;
  newsletter: Pick<NewsletterService, "savePreferences">;
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

function uniqueViolation(error: unknown): string | null {
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  while (current && !current.code && current.cause) current = current.cause as typeof current;
  return current?.code === "23505" ? (current.constraint ?? "") : null;
}

export function createRegistrationService(deps: Deps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const perIp = new RateLimiter(deps.perIpLimit ?? REGISTRATIONS_PER_IP_HOUR, 3600 * 1000, clock);
  const takenNotices = new RateLimiter(TAKEN_NOTICES_PER_EMAIL_HOUR, 3600 * 1000, clock);

  async function botErrors(proof: BotProof, locale: Locale, ip: string): Promise<FieldErrors> {
    if (deps.recaptcha) {
      const verdict = await deps.recaptcha.verify(proof.recaptchaToken, ip);
      if (verdict === "ok") return {};
      const key =
        verdict === "missing" ? "registration.errors.botNoScript" : "registration.errors.botInvalid";
      return { form: [translate(locale, key)] };
    }
    const result = await deps.altcha.verify(proof.altcha);
    if (result === "ok") return {};
    const key =
      result === "missing"
        ? "registration.errors.botNoScript"
        : result === "expired"
          ? "registration.errors.botExpired"
          : "registration.errors.botInvalid";
    return { form: [translate(locale, key)] };
  }

  /**
   * Username and phone clashes, which the form reports: a username is public anyway (it stands
   * next to bids). The e-mail is deliberately not checked here (see register).
   */
  async function duplicateErrors(input: RegistrationInput, locale: Locale): Promise<FieldErrors> {
    const rows = await db
      .select({ username: users.username, phone: users.phone, prefix: users.phonePrefix })
      .from(users)
      .where(
        or(
          sql`lower(${users.username}) = lower(${input.username})`,
          input.phone ? eq(users.phone, input.phone) : undefined,
        ),
      );
    const errors: FieldErrors = {};
    for (const row of rows) {
      if (row.username.toLowerCase() === input.username.toLowerCase())
        errors.username = [translate(locale, "registration.errors.usernameTaken")];
      if (input.phone && row.phone === input.phone && row.prefix === input.phonePrefix)
        errors.phone = [translate(locale, "registration.errors.phoneTaken")];
    }
    return errors;
  }

  async function accountWithEmail(email: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        firstname: users.firstname,
        locale: users.locale,
      })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row ?? null;
  }

  /**
   * Tells the owner of an address that somebody tried to register with it, with the ways back in
   * (login, a new password). At most a few an hour per address, so nobody can flood an inbox.
   */
  async function sendTakenNotice(email: string) {
    if (!takenNotices.attempt(email.toLowerCase())) return;
    const owner = await accountWithEmail(email);
    if (!owner) return;
    const locale = mailLocale(owner.locale);
    const url = (page: "account" | "resetPassword") => `${deps.config.publicUrl}${localePath(page, locale)}`;
    const t = (key: string) =>
      translate(locale, `registration.mail.${key}`, {
        person: greetingName(owner),
        resetUrl: url("resetPassword"),
      });
    const content = renderMail({
      locale,
      siteUrl: deps.config.publicUrl,
      subject: t("takenSubject"),
      paragraphs: [t("takenGreeting"), t("takenText"), t("takenReset")],
      action: { label: t("takenButton"), url: url("account") },
      closing: [t("takenIgnore"), t("signature")],
    });
    try {
      await deps.mail.send({ to: owner.email, ...content });
    } catch (error) {
      deps.logger?.error(
        { err: error, userId: owner.id },
        "registration notice to an existing account failed",
      );
    }
  }

  return {
    /**
     * Creates an account from the form body. Field errors and the bot check are reported together
     * so the visitor fixes everything in one go; only a form that passes both (and the per-IP
     * limit) gets near the question whether its e-mail is registered. A taken address answers
     * `accepted` like a new one and its owner gets a mail instead; the password is hashed either
     * way, so the two take equally long. On a new address the user exists with an argon2id hash,
     * the welcome mail with the confirmation link is sent and, when asked, the newsletter opt-in
     * started. Nobody is logged in: the visitor confirms the address and logs in (ADR 0010).
     */
    async register(
      raw: Record<string, unknown>,
      meta: { locale: Locale; ip: string; proof: BotProof },
    ): Promise<RegistrationResult> {
      const { locale, ip } = meta;
      if (perIp.isLimited(ip)) return { status: "limited", retryAfterSeconds: perIp.retryAfterSeconds(ip) };

      const parsed = RegistrationSchema.safeParse(raw);
      const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, locale);
      const identity = [String(raw.email ?? ""), String(raw.username ?? "")];
      const names = [String(raw.firstname ?? ""), String(raw.lastname ?? "")];
      // The bot check comes before anything that touches the database, and before the password's
      // guessability is scored: nobody gets that CPU without a solved challenge (ADR 0012).
      const bot = await botErrors(meta.proof, locale, ip);
      delete errors.password;
      Object.assign(errors, passwordErrors(raw, locale, identity, { names, scoreStrength: !bot.form }));
      Object.assign(errors, bot);
      if (!parsed.success || Object.keys(errors).length > 0) return { status: "invalid", errors };

      if (!perIp.attempt(ip)) return { status: "limited", retryAfterSeconds: perIp.retryAfterSeconds(ip) };
      const input = parsed.data;
      const duplicates = await duplicateErrors(input, locale);
      if (Object.keys(duplicates).length > 0) return { status: "invalid", errors: duplicates };

      const passwordHash = await hashPassword(input.password);
      if (await accountWithEmail(input.email)) {
        await sendTakenNotice(input.email);
        return { status: "accepted" };
      }
      let user: { id: number; email: string; username: string; firstname: string | null; locale: string };
      try {
        [user] = await db
          .insert(users)
          .values({
            email: input.email,
            username: input.username,
            passwordHash,
            firstname: input.firstname,
            lastname: input.lastname,
            phonePrefix: input.phonePrefix,
            phone: input.phone || null,
            locale,
            adultConfirmedAt: now(),
          })
          .returning({
            id: users.id,
            email: users.email,
            username: users.username,
            firstname: users.firstname,
            locale: users.locale,
          });
      } catch (error) {
        // A concurrent registration took the address or the name between the check and the insert.
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        if (constraint.includes("username"))
          return {
            status: "invalid",
            errors: { username: [translate(locale, "registration.errors.usernameTaken")] },
          };
        await sendTakenNotice(input.email);
        return { status: "accepted" };
      }

      // The account exists now; a mail or newsletter hiccup must not turn that into an error page.
      try {
        await deps.emailConfirmation.sendWelcome(user);
      } catch (error) {
        deps.logger?.error({ err: error, userId: user.id }, "welcome mail failed");
      }
      if (input.newsletter) {
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
      return { status: "accepted" };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/**
 * Registration, e-mail confirmation and password reset, wired from the process's database, mailer
 * and config (server/services.ts). The auth and newsletter services are stateless over the
 * database, so this builds its own instances instead of reaching into the composition root.
 */
export function createAccountServices({
  db,
  mail,
  config,
  logger,
}: {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl" | "recaptcha" | "altchaHmacKey">;
  logger?: Pick<Logger, "error" | "warn">;
}) {
  const altcha = createAltcha({ purpose: "register", hmacKey: config.altchaHmacKey });
  const emailConfirmation = createEmailConfirmationService(db, mail, config);
  const newsletter = createNewsletterService(db, mail, config);
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
    passwordReset: createPasswordResetService({ db, mail, config, logger }),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
