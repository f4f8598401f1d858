import { randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { SmsSender } from "#server/adapters/sms.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { accountRow, markVerified } from "../users/index.ts";
import { verificationSms } from "./mails.ts";
import { type VerificationCode, verificationCodes } from "./tables.ts";
import {
  CODE_TTL_MS,
  codeMatches,
  formatPhone,
  hashCode,
  latestCode,
  MAX_ATTEMPTS,
  MAX_CODES_PER_DAY,
  resendWait,
} from "./verification-codes.ts";

export {
  CODE_TTL_MS,
  formatPhone,
  MAX_ATTEMPTS,
  MAX_CODES_PER_DAY,
  RESEND_INTERVAL_MS,
} from "./verification-codes.ts";

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

/** Texts for the refusals: core/contracts/verification.ts. */
type SendResult =
  | Ok<{ phone: string; expiresAt: Date }>
  | Err<"already_verified" | "no_phone" | "failed">
  | Err<"limited", { retryAfterSeconds: number; dailyLimit: number | null }>;

/** Ok: verified now or already; refused: a wrong code (with the attempts left) or no usable code. */
export type CheckResult =
  | Ok<"verified" | "already_verified">
  | Err<"invalid", { attemptsLeft: number }>
  | Err<"expired" | "used_up" | "no_code">;

type Deps = { db: Db; sms: SmsSender; logger?: Pick<Logger, "error">; now: () => Date };

async function loadUser(db: Db, userId: number) {
  const user = await accountRow(db, userId);
  if (!user) throw new Error(`verification: no user ${userId}`);
  return user;
}

const fullPhone = (user: { phonePrefix: string; phone: string | null }) =>
  user.phone ? `${user.phonePrefix}${user.phone}` : null;

async function status({ db, now }: Deps, userId: number): Promise<VerificationStatus> {
  const user = await loadUser(db, userId);
  const code = await latestCode(db, userId);
  const usable =
    code &&
    !code.consumedAt &&
    code.phone === fullPhone(user) &&
    code.expiresAt.getTime() > now().getTime() &&
    code.attempts < MAX_ATTEMPTS;
  return {
    verified: user.verifiedAt !== null,
    verifiedAt: user.verifiedAt,
    phone: user.phone ? formatPhone(user.phonePrefix, user.phone) : null,
    pending: usable ? { expiresAt: code.expiresAt, attemptsLeft: MAX_ATTEMPTS - code.attempts } : null,
    resendInSeconds: (await resendWait(db, userId, now().getTime())).seconds,
  };
}

/** Sends a new code to the account's phone, within the sending limits. */
async function sendCode(deps: Deps, userId: number, locale: Locale): Promise<SendResult> {
  const { db, now } = deps;
  const user = await loadUser(db, userId);
  if (user.verifiedAt) return err("already_verified");
  const phone = fullPhone(user);
  if (!phone) return err("no_phone");
  const wait = await resendWait(db, userId, now().getTime());
  if (wait.seconds > 0) {
    return err("limited", {
      retryAfterSeconds: wait.seconds,
      dailyLimit: wait.daily ? MAX_CODES_PER_DAY : null,
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + CODE_TTL_MS);
  const [row] = await db
    .insert(verificationCodes)
    .values({ userId, phone, codeHash: hashCode(code), expiresAt, createdAt })
    .returning({ id: verificationCodes.id });
  try {
    await deps.sms.send(phone, verificationSms(locale, code));
  } catch (error) {
    // Not sent: the row must not count against the limits, nor stand in for the previous code.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
    deps.logger?.error({ err: (error as Error).message, userId }, "verification SMS failed");
    return err("failed");
  }
  return ok({ phone: formatPhone(user.phonePrefix, user.phone!), expiresAt });
}

/**
 * Counts an entry of a live code as an attempt, in the database before comparing, so parallel
 * guesses cannot exceed the limit; the attempts so far, or null when the code is used up.
 */
async function countAttempt(db: Db, code: VerificationCode): Promise<number | null> {
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
  return counted ? counted.attempts : null;
}

/** The right code: it is spent and the account verified, together. */
async function spendAndVerify(db: Db, code: VerificationCode, userId: number, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)));
    await markVerified(tx, userId, at);
  });
}

/**
 * Checks an entered code against the newest one. Every entry of a live code counts as an attempt.
 * A code sent to a number the account no longer has does not verify the new one.
 */
async function checkCode({ db, now }: Deps, userId: number, input: string): Promise<CheckResult> {
  const user = await loadUser(db, userId);
  if (user.verifiedAt) return ok("already_verified");
  const code = await latestCode(db, userId);
  if (!code || code.consumedAt || code.phone !== fullPhone(user)) return err("no_code");
  if (code.expiresAt.getTime() <= now().getTime()) return err("expired");
  const attempts = await countAttempt(db, code);
  if (attempts === null) return err("used_up");
  const entered = input.replace(/\s/g, "");
  if (!/^\d{6}$/.test(entered) || !codeMatches(code.codeHash, entered)) {
    const attemptsLeft = MAX_ATTEMPTS - attempts;
    return attemptsLeft > 0 ? err("invalid", { attemptsLeft }) : err("used_up");
  }
  await spendAndVerify(db, code, userId, now());
  return ok("verified");
}

/**
 * The verified account (docs/product/accounts.md, "Verified account (SMS)"): a six-digit code goes
 * by SMS to the account's phone and, entered on /ucet/overeny-ucet, marks the account verified
 * (users.verified_at, shown as the badge). Codes live 10 minutes and survive 5 wrong entries; sending is limited to
 * one code a minute and 5 a day, counted in the table, so restarts and several instances share
 * the limits. Only the newest code counts: asking for a new one retires the older.
 */
export function createVerificationService(deps: {
  db: Db;
  sms: SmsSender;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
}) {
  const resolved: Deps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    status: (userId: number) => status(resolved, userId),
    sendCode: (userId: number, locale: Locale) => sendCode(resolved, userId, locale),
    checkCode: (userId: number, input: string) => checkCode(resolved, userId, input),
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
