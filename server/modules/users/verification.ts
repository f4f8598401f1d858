import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { formatWait } from "#core/formats/wait.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import type { SmsSender } from "#server/adapters/sms.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { verificationCodes } from "../auth/tables.ts";
import { users } from "./tables.ts";

/** A code is valid this long after it was sent. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong entries a code survives; the next one needs a new code. */
export const MAX_ATTEMPTS = 5;
/** At most one code per this interval... */
export const RESEND_INTERVAL_MS = 60_000;
/** ...and at most this many in 24 hours (each SMS costs money and can be used to pester a number). */
export const MAX_CODES_PER_DAY = 5;
const DAY_MS = 24 * 3600_000;
/** Spec section 6: listings a user may add before the account must be verified. */
export const FREE_LISTINGS = 10;

export type VerificationStatus = {
  verified: boolean;
  verifiedAt: Date | null;
  /** The number codes go to ("+420 601 234 567"), null when the account has none. */
  phone: string | null;
  /** The code waiting to be entered, if any is still usable. */
  pending: { expiresAt: Date; attemptsLeft: number } | null;
  /** Seconds until another code may be sent (0: now). */
  resendInSeconds: number;
};

export type SendResult =
  | { status: "sent"; phone: string; expiresAt: Date }
  | { status: "already_verified" }
  | { status: "no_phone"; message: string }
  | { status: "limited"; retryAfterSeconds: number; message: string }
  | { status: "failed"; message: string };

export type CheckResult =
  | { status: "verified" }
  | { status: "already_verified" }
  | { status: "invalid"; message: string; attemptsLeft: number }
  | { status: "expired" | "used_up" | "no_code"; message: string };

/**
 * A code is stored as `salt:sha256(salt:code)`: the table never holds a usable code, and the salt
 * keeps one precomputed table of all 10^6 codes from reading every row at once. The short life
 * and the attempt limit are what actually protect a six-digit code.
 */
function hashCode(code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(":");
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** "+420601234567" -> "+420 601 234 567": easier to check at a glance. */
export function formatPhone(prefix: string, phone: string): string {
  const groups = phone.match(/.{1,3}/g)?.join(" ") ?? phone;
  return prefix ? `${prefix} ${groups}` : groups;
}

/**
 * The verified account (product.md "Verified account"): a six-digit code goes by SMS to the
 * account's phone and, entered on /ucet/overeny-ucet, marks the account verified (users.verified_at,
 * shown as the badge). Codes live 10 minutes and survive 5 wrong entries; sending is limited to
 * one code a minute and 5 a day, counted in the table, so restarts and several instances share
 * the limits. Only the newest code counts: asking for a new one retires the older.
 *
 * It also owns spec section 6's rule: 10 free listings, then verification (canAddListing).
 */
export function createVerificationService(deps: {
  db: Db;
  sms: SmsSender;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
}) {
  const { db, sms } = deps;
  const now = deps.now ?? (() => new Date());

  async function loadUser(userId: number) {
    const [user] = await db
      .select({ verifiedAt: users.verifiedAt, phonePrefix: users.phonePrefix, phone: users.phone })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user ?? null;
  }

  const fullPhone = (user: { phonePrefix: string; phone: string | null }) =>
    user.phone ? `${user.phonePrefix}${user.phone}` : null;

  async function latestCode(userId: number) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, userId))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row ?? null;
  }

  /** Seconds until the next code may be sent; 0 when it may go now. */
  async function resendWait(userId: number): Promise<{ seconds: number; daily: boolean }> {
    const at = now().getTime();
    const recent = await db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, new Date(at - DAY_MS))),
      )
      .orderBy(verificationCodes.createdAt);
    if (recent.length >= MAX_CODES_PER_DAY) {
      // The day's oldest code leaving the 24-hour window frees a place.
      const frees = recent[recent.length - MAX_CODES_PER_DAY].createdAt.getTime() + DAY_MS;
      return { seconds: Math.max(1, Math.ceil((frees - at) / 1000)), daily: true };
    }
    const last = recent.at(-1);
    if (last && at - last.createdAt.getTime() < RESEND_INTERVAL_MS) {
      return {
        seconds: Math.ceil((last.createdAt.getTime() + RESEND_INTERVAL_MS - at) / 1000),
        daily: false,
      };
    }
    return { seconds: 0, daily: false };
  }

  return {
    async status(userId: number): Promise<VerificationStatus> {
      const user = await loadUser(userId);
      if (!user) throw new Error(`verification: no user ${userId}`);
      const code = await latestCode(userId);
      const phone = fullPhone(user);
      const usable =
        code &&
        !code.consumedAt &&
        code.phone === phone &&
        code.expiresAt.getTime() > now().getTime() &&
        code.attempts < MAX_ATTEMPTS;
      return {
        verified: user.verifiedAt !== null,
        verifiedAt: user.verifiedAt,
        phone: user.phone ? formatPhone(user.phonePrefix, user.phone) : null,
        pending: usable ? { expiresAt: code.expiresAt, attemptsLeft: MAX_ATTEMPTS - code.attempts } : null,
        resendInSeconds: (await resendWait(userId)).seconds,
      };
    },

    /** Sends a new code to the account's phone, within the sending limits. */
    async sendCode(userId: number, locale: Locale): Promise<SendResult> {
      const user = await loadUser(userId);
      if (!user) throw new Error(`verification: no user ${userId}`);
      if (user.verifiedAt) return { status: "already_verified" };
      const phone = fullPhone(user);
      if (!phone) return { status: "no_phone", message: translate(locale, "security.verification.noPhone") };
      const wait = await resendWait(userId);
      if (wait.seconds > 0) {
        const key = wait.daily ? "security.verification.dailyLimit" : "security.verification.resendWait";
        return {
          status: "limited",
          retryAfterSeconds: wait.seconds,
          message: translate(locale, key, { wait: formatWait(locale, wait.seconds), max: MAX_CODES_PER_DAY }),
        };
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + CODE_TTL_MS);
      const [row] = await db
        .insert(verificationCodes)
        .values({ userId, phone, codeHash: hashCode(code), expiresAt, createdAt })
        .returning({ id: verificationCodes.id });
      try {
        await sms.send(phone, translate(locale, "security.verification.smsText", { code }));
      } catch (error) {
        // Not sent: the row must not count against the limits, nor stand in for the previous code.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
        deps.logger?.error({ err: (error as Error).message, userId }, "verification SMS failed");
        return { status: "failed", message: translate(locale, "security.verification.sendFailed") };
      }
      return { status: "sent", phone: formatPhone(user.phonePrefix, user.phone!), expiresAt };
    },

    /**
     * Checks an entered code against the newest one. Every entry of a live code counts as an
     * attempt (counted in the database before comparing, so parallel guesses cannot exceed the
     * limit). A code sent to a number the account no longer has does not verify the new one.
     */
    async checkCode(userId: number, input: string, locale: Locale): Promise<CheckResult> {
      const user = await loadUser(userId);
      if (!user) throw new Error(`verification: no user ${userId}`);
      if (user.verifiedAt) return { status: "already_verified" };
      const message = (key: string) => translate(locale, `security.verification.${key}`);
      const code = await latestCode(userId);
      if (!code || code.consumedAt || code.phone !== fullPhone(user))
        return { status: "no_code", message: message("noCode") };
      if (code.expiresAt.getTime() <= now().getTime())
        return { status: "expired", message: message("expired") };

      const [counted] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, code.id),
            isNull(verificationCodes.consumedAt),
            sql`${verificationCodes.attempts} < ${MAX_ATTEMPTS}`,
          ),
        )
        .returning({ attempts: verificationCodes.attempts });
      if (!counted) return { status: "used_up", message: message("usedUp") };

      const entered = input.replace(/\s/g, "");
      if (!/^\d{6}$/.test(entered) || !codeMatches(code.codeHash, entered)) {
        const attemptsLeft = MAX_ATTEMPTS - counted.attempts;
        return attemptsLeft > 0
          ? { status: "invalid", message: message("wrongCode"), attemptsLeft }
          : { status: "used_up", message: message("usedUp") };
      }

      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ consumedAt: at })
          .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)));
        await tx
          .update(users)
          .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, ${at.toISOString()}::timestamptz)` })
          .where(eq(users.id, userId));
      });
      return { status: "verified" };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
