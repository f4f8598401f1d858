import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { isLocale, type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { hashToken, newToken } from "../auth/index.ts";
import { emailConfirmationTokens } from "../auth/tables.ts";
import { greetingName, renderMail } from "../mail/index.ts";
import { followEmailChange } from "../newsletter/index.ts";
import { type AddressRequestResult, acceptAddressRequest } from "./address-request.ts";
import { users } from "./tables.ts";

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 3600 * 1000;

/** Marks the token of an e-mail change link ('.' is outside the base64url alphabet of tokens). */
const CHANGE_PREFIX = "c.";

export type LinkStatus = "invalid" | "expired" | "used";
export type ConfirmResult = { status: "confirmed"; email: string } | { status: LinkStatus };

export const mailLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : "cs");

/**
 * E-mail confirmation links (`/potvrzeni-emailu/<token>`): a random token, only its SHA-256 stored,
 * valid 48 hours, usable once. A link for the account's current address sets
 * users.email_confirmed_at; a link for another address completes an e-mail change.
 */
export function createEmailConfirmationService(
  db: Db,
  mail: Mailer,
  config: Pick<Config, "publicUrl">,
  now: () => Date = () => new Date(),
) {
  const clock = () => now().getTime();
  // Resending by address (the welcome page, nobody signed in): at most 3 mails an hour per
  // address, silently, so nobody can flood an inbox; 10 requests in 15 minutes per IP, then a
  // visible "too many requests".
  const resendPerEmail = new RateLimiter(3, 3600 * 1000, clock);
  const resendPerIp = new RateLimiter(10, 15 * 60 * 1000, clock);

  /**
   * A new link; pass the open transaction to store it together with whatever else is being written.
   * A `change` link (an e-mail change, account-data.ts) moves the account to `email` when opened;
   * its token carries the CHANGE_PREFIX inside the hashed value, so an ordinary link can never be
   * turned into one.
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
    user: { id: number; email: string; username: string; firstname?: string | null; locale: string | null },
    keys: { subject: string; paragraphs: string[] },
  ) {
    const locale = mailLocale(user.locale);
    const t = (key: string) => translate(locale, `registration.mail.${key}`, { person: greetingName(user) });
    await db.transaction(async (tx) => {
      const url = await createLink(user.id, user.email, tx, "confirm", locale);
      const content = renderMail({
        locale,
        siteUrl: config.publicUrl,
        subject: t(keys.subject),
        paragraphs: keys.paragraphs.map(t),
        action: { label: t("confirmButton"), url },
        closing: [t("confirmExpiry"), t("signature")],
      });
      await mail.send({ to: user.email, ...content }, { tx });
    });
  }

  return {
    createLink,

    /** The welcome mail after registration: greeting, the confirmation link, what comes next. */
    async sendWelcome(user: {
      id: number;
      email: string;
      username: string;
      firstname?: string | null;
      locale: string;
    }) {
      await sendLinkMail(user, { subject: "welcomeSubject", paragraphs: ["welcomeGreeting", "welcomeText"] });
    },

    /** A new confirmation link for a signed-in user who lost or let expire the first one. */
    async resend(userId: number) {
      const [user] = await db
        .select({
          email: users.email,
          username: users.username,
          firstname: users.firstname,
          locale: users.locale,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
        .limit(1);
      if (!user) return false;
      await sendLinkMail(
        { id: userId, ...user },
        { subject: "confirmSubject", paragraphs: ["confirmGreeting", "confirmText"] },
      );
      return true;
    },

    /**
     * A new confirmation link by address, for someone who registered and is not signed in (the
     * welcome page). The answer is the same whether the address has an account, is confirmed
     * already or neither, so nobody learns who is registered; only an unconfirmed, active account
     * gets a mail, through the outbox like every mail.
     */
    async requestResend(
      raw: Record<string, unknown>,
      meta: { locale: Locale; ip: string },
    ): Promise<AddressRequestResult> {
      const { answer, recipient } = await acceptAddressRequest(
        db,
        raw,
        meta,
        { perIp: resendPerIp, perEmail: resendPerEmail },
        isNull(users.emailConfirmedAt),
      );
      if (recipient)
        await sendLinkMail(recipient, {
          subject: "confirmSubject",
          paragraphs: ["confirmGreeting", "confirmText"],
        });
      return answer;
    },

    /** Uses a link: confirms the address once; a second click, an old or a foreign link says why not. */
    async confirm(token: string): Promise<ConfirmResult> {
      if (!token || token.length > 200) return { status: "invalid" };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailConfirmationTokens)
          .where(eq(emailConfirmationTokens.tokenHash, hashToken(token)))
          .limit(1)
          .for("update");
        if (!row) return { status: "invalid" as const };
        if (row.usedAt) return { status: "used" as const };
        if (row.expiresAt.getTime() <= now().getTime()) return { status: "expired" as const };
        const at = now();
        const [user] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
          .limit(1)
          .for("update");
        if (!user) return { status: "invalid" as const };
        const sameAddress = user.email.toLowerCase() === row.email.toLowerCase();
        if (sameAddress) {
          await tx
            .update(users)
            .set({
              emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)`,
            })
            .where(eq(users.id, row.userId));
        } else if (token.startsWith(CHANGE_PREFIX)) {
          // The new address of an e-mail change is confirmed: the account moves to it. Every other
          // open link of the account is spent with it (an earlier change's, the old address's).
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(ne(users.id, row.userId), sql`lower(${users.email}) = lower(${row.email})`))
            .limit(1);
          if (taken) return { status: "invalid" as const };
          await tx
            .update(users)
            .set({ email: row.email, emailConfirmedAt: at })
            .where(eq(users.id, row.userId));
          await followEmailChange(tx, row.userId, user.email, row.email, at);
          await tx
            .update(emailConfirmationTokens)
            .set({ usedAt: at })
            .where(
              and(
                eq(emailConfirmationTokens.userId, row.userId),
                isNull(emailConfirmationTokens.usedAt),
                ne(emailConfirmationTokens.id, row.id),
              ),
            );
        } else {
          // The account changed its address since the mail was sent: this link no longer applies.
          return { status: "invalid" as const };
        }
        await tx
          .update(emailConfirmationTokens)
          .set({ usedAt: at })
          .where(eq(emailConfirmationTokens.id, row.id));
        return { status: "confirmed" as const, email: row.email };
      });
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
