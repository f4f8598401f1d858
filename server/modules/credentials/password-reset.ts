import { and, eq, gt, isNull } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { passwordErrors } from "#core/rules/passwords.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { hashPassword, hashToken, newToken } from "../auth/index.ts";
import { type AccountContact, accountRow } from "../users/index.ts";
import { type AddressRequestResult, acceptAddressRequest } from "./address-request.ts";
import { type LinkStatus, mailLocale } from "./email-links.ts";
import { passwordResetMail } from "./mails.ts";
import { type EndSessions, storeNewPassword } from "./new-password.ts";
import { type PasswordResetToken, passwordResetTokens } from "./tables.ts";

export const PASSWORD_RESET_TTL_MS = 3600 * 1000;

/** Ok: the password changed (the account's id); refused: the link's state, or the password's problems. */
export type ResetResult =
  | Ok<{ userId: number }>
  | Err<LinkStatus>
  | Err<"invalid_password", { problems: FieldProblems }>;

type Deps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  /** The auth module's sessions: a reset ends every one of the account. */
  endSessions: EndSessions;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
};

async function findToken(db: Db, token: string): Promise<PasswordResetToken | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

function linkStatus(row: PasswordResetToken | null, at: number): LinkStatus | "valid" {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= at) return "expired";
  return "valid";
}

/** Stores a new link and queues the mail carrying it, together or not at all. */
async function mailResetLink(deps: Deps, user: AccountContact, expiresAt: Date) {
  const { token, hash } = newToken();
  const locale = mailLocale(user.locale);
  const url = `${deps.config.publicUrl}${localePath("changePassword", locale, { hash: token })}`;
  const content = passwordResetMail(deps.config.publicUrl, locale, user, url);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hash, expiresAt });
      await deps.mail.send({ to: user.email, ...content }, { tx });
    });
  } catch (error) {
    // Same answer either way; the failure is for the operators (the error never holds the link).
    deps.logger?.error({ err: error, userId: user.id }, "password reset mail could not be queued");
  }
}

/** The new password's rules, with the account's own data as what it must not be or resemble. */
async function newPasswordErrors(
  db: Db,
  userId: number,
  raw: { password?: unknown; passwordConfirmation?: unknown },
) {
  const user = await accountRow(db, userId);
  return user
    ? passwordErrors(raw, [user.email, user.username], {
        names: [user.firstname ?? "", user.lastname ?? ""],
      })
    : passwordErrors(raw);
}

/**
 * Claims the link and sets the password together, so a link works exactly once; a reset ends
 * every session (whoever knew the old password is out) and every other link. Null when the link
 * was used or expired meanwhile.
 */
async function claimAndStore(deps: Deps, row: PasswordResetToken, passwordHash: string, at: () => Date) {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: at() })
      .where(
        and(
          eq(passwordResetTokens.id, row.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    await storeNewPassword(tx, deps.endSessions, claimed.userId, passwordHash, { now: at() });
    return claimed.userId;
  });
}

/**
 * Forgotten passwords. The request answers the same for known and unknown addresses (nobody learns
 * who has an account). The link `/zmena-hesla/<token>` carries a random token whose SHA-256 is
 * stored; it is valid for an hour and works once. Setting the password ends every session of the
 * account: whoever knew the old password is out.
 */
export function createPasswordResetService(deps: Deps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  // Per address: at most 3 mails an hour, so nobody can flood someone's inbox. Silent.
  const perEmail = new RateLimiter({
    name: "password-reset:email",
    limit: 3,
    windowMs: 3600 * 1000,
    now: clock,
  });
  // Per IP: 10 requests in 15 minutes, then a visible "too many requests".
  const perIp = new RateLimiter({
    name: "password-reset:ip",
    limit: 10,
    windowMs: 15 * 60 * 1000,
    now: clock,
  });

  return {
    async request(
      raw: Record<string, unknown>,
      meta: { locale: Locale; ip: string },
    ): Promise<AddressRequestResult> {
      const { answer, recipient } = await acceptAddressRequest(db, raw, meta, { perIp, perEmail });
      if (!recipient) return answer;
      await mailResetLink(deps, recipient, new Date(clock() + PASSWORD_RESET_TTL_MS));
      return ok();
    },

    /** Whether a link can still set a password (for the page that shows the form or says why not). */
    async check(token: string): Promise<LinkStatus | "valid"> {
      return linkStatus(await findToken(db, token), clock());
    },

    async reset(
      token: string,
      raw: { password?: unknown; passwordConfirmation?: unknown },
    ): Promise<ResetResult> {
      const row = await findToken(db, token);
      const status = linkStatus(row, clock());
      if (status !== "valid" || !row) return err(status === "valid" ? "invalid" : status);
      const problems = await newPasswordErrors(db, row.userId, raw);
      if (Object.keys(problems).length > 0) return err("invalid_password", { problems });
      const passwordHash = await hashPassword(String(raw.password));
      const changed = await claimAndStore(deps, row, passwordHash, now);
      if (changed === null) return err("used");
      return ok({ userId: changed });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
