import type { FieldProblems } from "#core/contracts/errors.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { RegistrationInput } from "#core/schemas/registration.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import type { Altcha } from "../auth/index.ts";
import { accountByEmail, accountsWithNameOrPhone } from "../users/index.ts";
import { mailLocale } from "./email-links.ts";
import { addressTakenMail } from "./mails.ts";
import type { RecaptchaVerifier } from "./recaptcha.ts";

/**
 * The steps of a registration (registration.ts): the bot check, the clashes the form reports and
 * the mail to the owner of an address that is taken (the users module inserts the account).
 */

/** What proves a human filled the form: a solved ALTCHA challenge (its payload), or a reCAPTCHA token. */
export type BotProof = { altcha?: unknown; recaptchaToken?: unknown };

/** ALTCHA's proof of work, or reCAPTCHA v3 where it is configured; a form-level error when it fails. */
export async function botErrors(
  checks: { altcha: Altcha; recaptcha?: RecaptchaVerifier },
  proof: BotProof,
  ip: string,
): Promise<FieldProblems> {
  if (checks.recaptcha) {
    const verdict = await checks.recaptcha.verify(proof.recaptchaToken, ip);
    if (verdict === "ok") return {};
    const key = verdict === "missing" ? "registration.errors.botNoScript" : "registration.errors.botInvalid";
    return { form: [{ key }] };
  }
  const result = await checks.altcha.verify(proof.altcha);
  if (result === "ok") return {};
  const key =
    result === "missing"
      ? "registration.errors.botNoScript"
      : result === "expired"
        ? "registration.errors.botExpired"
        : "registration.errors.botInvalid";
  return { form: [{ key }] };
}

/**
 * Username and phone clashes, which the form reports: a username is public anyway (it stands
 * next to bids). The e-mail is deliberately not checked here (see register).
 */
export async function duplicateErrors(db: Db, input: RegistrationInput): Promise<FieldProblems> {
  const rows = await accountsWithNameOrPhone(db, input.username, input.phone || null);
  const errors: FieldProblems = {};
  for (const row of rows) {
    if (row.username.toLowerCase() === input.username.toLowerCase())
      errors.username = [{ key: "registration.errors.usernameTaken" }];
    if (input.phone && row.phone === input.phone && row.prefix === input.phonePrefix)
      errors.phone = [{ key: "registration.errors.phoneTaken" }];
  }
  return errors;
}

/**
 * Tells the owner of an address that somebody tried to register with it, with the ways back in
 * (login, a new password). At most a few an hour per address (`notices`), so nobody can flood an inbox.
 */
export async function sendTakenNotice(
  deps: { db: Db; mail: Mailer; config: Pick<Config, "publicUrl">; logger?: Pick<Logger, "error"> },
  notices: RateLimiter,
  email: string,
) {
  if (!(await notices.attempt(email.toLowerCase()))) return;
  const owner = await accountByEmail(deps.db, email);
  if (!owner) return;
  const locale = mailLocale(owner.locale);
  const url = (page: "account" | "resetPassword") => `${deps.config.publicUrl}${localePath(page, locale)}`;
  const content = addressTakenMail(deps.config.publicUrl, locale, owner, {
    account: url("account"),
    resetPassword: url("resetPassword"),
  });
  try {
    await deps.mail.send({ to: owner.email, ...content });
  } catch (error) {
    deps.logger?.error({ err: error, userId: owner.id }, "registration notice to an existing account failed");
  }
}
