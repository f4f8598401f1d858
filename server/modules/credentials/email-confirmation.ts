import { and, eq, isNull, ne } from "drizzle-orm";
import type { KeysUnder, Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { hashToken } from "../auth/index.ts";
import { confirmEmail, lockedAccountEmail, moveEmail, unconfirmedAccount } from "../users/index.ts";
import { type AddressRequestResult, acceptAddressRequest } from "./address-request.ts";
import { CHANGE_PREFIX, createConfirmationLinks, type LinkStatus } from "./email-links.ts";
import { type EmailConfirmationToken, emailConfirmationTokens } from "./tables.ts";

export { EMAIL_CONFIRMATION_TTL_MS, type LinkStatus, mailLocale } from "./email-links.ts";

/** Ok: the address now confirmed; refused: why the link does not apply. */
export type ConfirmResult = Ok<{ email: string }> | Err<LinkStatus>;

/**
 * What follows an account to its new address, in the same transaction (a port: the newsletter's
 * subscription, passed in by server/services.ts).
 */
export type FollowEmailChange = (tx: Db, userId: number, from: string, to: string, at: Date) => Promise<void>;

const CONFIRM_KEYS: {
  subject: KeysUnder<"registration.mail">;
  paragraphs: KeysUnder<"registration.mail">[];
} = {
  subject: "confirmSubject",
  paragraphs: ["confirmGreeting", "confirmText"],
};

/**
 * Completes an e-mail change: the account moves to the link's address and every other open link of
 * the account is spent with it (an earlier change's, the old address's). False when another account
 * has taken the address meanwhile.
 */
async function switchAddress(
  tx: Db,
  row: EmailConfirmationToken,
  from: string,
  at: Date,
  followEmailChange: FollowEmailChange,
): Promise<boolean> {
  if (!(await moveEmail(tx, row.userId, row.email, at))) return false;
  await followEmailChange(tx, row.userId, from, row.email, at);
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
  return true;
}

/** Uses a link inside a transaction: confirms the address once; says why not otherwise. */
async function confirmLink(
  tx: Db,
  token: string,
  at: Date,
  followEmailChange: FollowEmailChange,
): Promise<ConfirmResult> {
  const [row] = await tx
    .select()
    .from(emailConfirmationTokens)
    .where(eq(emailConfirmationTokens.tokenHash, hashToken(token)))
    .limit(1)
    .for("update");
  if (!row) return err("invalid");
  if (row.usedAt) return err("used");
  if (row.expiresAt.getTime() <= at.getTime()) return err("expired");
  const current = await lockedAccountEmail(tx, row.userId);
  if (current === null) return err("invalid");
  if (current.toLowerCase() === row.email.toLowerCase()) {
    await confirmEmail(tx, row.userId, at);
  } else if (!token.startsWith(CHANGE_PREFIX)) {
    // The account changed its address since the mail was sent: this link no longer applies.
    return err("invalid");
  } else if (!(await switchAddress(tx, row, current, at, followEmailChange))) {
    return err("invalid");
  }
  await tx.update(emailConfirmationTokens).set({ usedAt: at }).where(eq(emailConfirmationTokens.id, row.id));
  return ok({ email: row.email });
}

/**
 * E-mail confirmation links (`/potvrzeni-emailu/<token>`): a random token, only its SHA-256 stored,
 * valid 48 hours, usable once. A link for the account's current address sets
 * users.email_confirmed_at; a link for another address completes an e-mail change.
 */
export function createEmailConfirmationService(deps: {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  followEmailChange: FollowEmailChange;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  // Resending by address (the welcome page, nobody signed in): at most 3 mails an hour per
  // address, silently, so nobody can flood an inbox; 10 requests in 15 minutes per IP, then a
  // visible "too many requests".
  const resendPerEmail = new RateLimiter({
    name: "confirmation-resend:email",
    limit: 3,
    windowMs: 3600 * 1000,
    now: clock,
  });
  const resendPerIp = new RateLimiter({
    name: "confirmation-resend:ip",
    limit: 10,
    windowMs: 15 * 60 * 1000,
    now: clock,
  });
  const { createLink, sendLinkMail } = createConfirmationLinks(db, deps.mail, deps.config, now);

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
      const user = await unconfirmedAccount(db, userId);
      if (!user) return false;
      await sendLinkMail(user, CONFIRM_KEYS);
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
      const limits = { perIp: resendPerIp, perEmail: resendPerEmail };
      const { answer, recipient } = await acceptAddressRequest(db, raw, meta, limits, "unconfirmed");
      if (recipient) await sendLinkMail(recipient, CONFIRM_KEYS);
      return answer;
    },

    /** Uses a link: confirms the address once; a second click, an old or a foreign link says why not. */
    async confirm(token: string): Promise<ConfirmResult> {
      if (!token || token.length > 200) return err("invalid");
      return db.transaction((tx) => confirmLink(tx, token, now(), deps.followEmailChange));
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
