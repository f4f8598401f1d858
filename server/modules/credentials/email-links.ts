import { isLocale, type KeysUnder, type Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { hashToken, newToken } from "../auth/index.ts";
import { confirmationLinkMail } from "./mails.ts";
import { emailConfirmationTokens } from "./tables.ts";

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 3600 * 1000;

/** Marks the token of an e-mail change link ('.' is outside the base64url alphabet of tokens). */
export const CHANGE_PREFIX = "c.";

export type LinkStatus = "invalid" | "expired" | "used";

export const mailLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : "cs");

/** Whom a confirmation mail goes to. */
export type LinkMailRecipient = {
  id: number;
  email: string;
  username: string;
  firstname?: string | null;
  locale: string | null;
};

/**
 * E-mail confirmation links (`/potvrzeni-emailu/<token>`): a random token, only its SHA-256 stored,
 * valid 48 hours (email-confirmation.ts uses them).
 */
export function createConfirmationLinks(
  db: Db,
  mail: Mailer,
  config: Pick<Config, "publicUrl">,
  now: () => Date,
) {
  /**
   * A new link; pass the open transaction to store it together with whatever else is being written.
   * A `change` link (an e-mail change, email-change.ts) moves the account to `email`
   * when opened; its token carries the CHANGE_PREFIX inside the hashed value, so an ordinary link
   * can never be turned into one.
   */
  async function createLink(
    userId: number,
    email: string,
    executor: Db = db,
    purpose: "confirm" | "change" = "confirm",
    locale: Locale = "cs",
  ): Promise<string> {
    const fresh = newToken();
    const token = purpose === "change" ? `${CHANGE_PREFIX}${fresh.token}` : fresh.token;
    await executor.insert(emailConfirmationTokens).values({
      userId,
      email,
      tokenHash: purpose === "change" ? hashToken(token) : fresh.hash,
      expiresAt: new Date(now().getTime() + EMAIL_CONFIRMATION_TTL_MS),
    });
    // The confirmation page in the language of the mail that carries the link.
    return `${config.publicUrl}${localePath("confirmEmail", locale, { token })}`;
  }

  /**
   * Stores a fresh link and queues the mail carrying it in one transaction: a link nobody was sent
   * is never stored, and a mail is never queued for a link that was not.
   */
  async function sendLinkMail(
    user: LinkMailRecipient,
    keys: { subject: KeysUnder<"registration.mail">; paragraphs: KeysUnder<"registration.mail">[] },
  ) {
    const locale = mailLocale(user.locale);
    await db.transaction(async (tx) => {
      const url = await createLink(user.id, user.email, tx, "confirm", locale);
      const content = confirmationLinkMail(config.publicUrl, locale, user, keys, url);
      await mail.send({ to: user.email, ...content }, { tx });
    });
  }

  return { createLink, sendLinkMail };
}
