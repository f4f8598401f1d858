import { and, eq, gt, isNull } from "drizzle-orm";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { hashPassword, hashToken, newToken, storeNewPassword } from "../auth/index.ts";
import { passwordResetTokens } from "../auth/tables.ts";
import { greetingName, renderMail } from "../mail/index.ts";
import { type AddressRequestResult, acceptAddressRequest } from "./address-request.ts";
import { type LinkStatus, mailLocale } from "./email-confirmation.ts";
import { passwordErrors } from "./registration.ts";
import { users } from "./tables.ts";

export const PASSWORD_RESET_TTL_MS = 3600 * 1000;

export type ResetResult =
  | { status: "changed"; userId: number }
  | { status: LinkStatus }
  | { status: "invalid_password"; errors: FieldErrors };

type Deps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
};

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
  const perEmail = new RateLimiter(3, 3600 * 1000, clock);
  // Per IP: 10 requests in 15 minutes, then a visible "too many requests".
  const perIp = new RateLimiter(10, 15 * 60 * 1000, clock);

  async function findToken(token: string) {
    if (!token || token.length > 200) return null;
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      .limit(1);
    return row ?? null;
  }

  function linkStatus(row: Awaited<ReturnType<typeof findToken>>): LinkStatus | "valid" {
    if (!row) return "invalid";
    if (row.usedAt) return "used";
    if (row.expiresAt.getTime() <= clock()) return "expired";
    return "valid";
  }

  return {
    async request(
      raw: Record<string, unknown>,
      meta: { locale: Locale; ip: string },
    ): Promise<AddressRequestResult> {
      const { answer, recipient: user } = await acceptAddressRequest(db, raw, meta, { perIp, perEmail });
      if (!user) return answer;

      const { token, hash } = newToken();
      const locale = mailLocale(user.locale);
      const t = (key: string) =>
        translate(locale, `registration.mail.${key}`, { person: greetingName(user) });
      const content = renderMail({
        locale,
        siteUrl: deps.config.publicUrl,
        subject: t("resetSubject"),
        paragraphs: [t("resetGreeting"), t("resetText")],
        action: {
          label: t("resetButton"),
          url: `${deps.config.publicUrl}${localePath("changePassword", locale, { hash: token })}`,
        },
        closing: [t("resetIgnore"), t("signature")],
      });
      try {
        // The token and the queued mail carrying it are stored together or not at all.
        await db.transaction(async (tx) => {
          await tx.insert(passwordResetTokens).values({
            userId: user.id,
            tokenHash: hash,
            expiresAt: new Date(clock() + PASSWORD_RESET_TTL_MS),
          });
          await deps.mail.send({ to: user.email, ...content }, { tx });
        });
      } catch (error) {
        // Same answer either way; the failure is for the operators (the error never holds the link).
        deps.logger?.error({ err: error, userId: user.id }, "password reset mail could not be queued");
      }
      return { status: "accepted" };
    },

    /** Whether a link can still set a password (for the page that shows the form or says why not). */
    async check(token: string): Promise<LinkStatus | "valid"> {
      return linkStatus(await findToken(token));
    },

    async reset(
      token: string,
      raw: { password?: unknown; passwordConfirmation?: unknown },
      locale: Locale,
    ): Promise<ResetResult> {
      const row = await findToken(token);
      const status = linkStatus(row);
      if (status !== "valid" || !row) return { status: status === "valid" ? "invalid" : status };
      const [user] = await db
        .select({
          email: users.email,
          username: users.username,
          firstname: users.firstname,
          lastname: users.lastname,
        })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      const errors = user
        ? passwordErrors(raw, locale, [user.email, user.username], {
            names: [user.firstname ?? "", user.lastname ?? ""],
          })
        : passwordErrors(raw, locale);
      if (Object.keys(errors).length > 0) return { status: "invalid_password", errors };

      const passwordHash = await hashPassword(String(raw.password));
      const changed = await db.transaction(async (tx) => {
        // Claiming the token and setting the password happen together, so a link works exactly once.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResetTokens.id, row.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) return null;
        // A reset ends every session (whoever knew the old password is out) and every other link.
        await storeNewPassword(tx, claimed.userId, passwordHash, { now: now() });
        return claimed.userId;
      });
      if (changed === null) return { status: "used" };
      return { status: "changed", userId: changed };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
