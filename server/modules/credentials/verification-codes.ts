import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type VerificationCode, verificationCodes } from "./tables.ts";

/** A code is valid this long after it was sent. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong entries a code survives; the next one needs a new code. */
export const MAX_ATTEMPTS = 5;
/** At most one code per this interval... */
export const RESEND_INTERVAL_MS = 60_000;
/** ...and at most this many in 24 hours (each SMS costs money and can be used to pester a number). */
export const MAX_CODES_PER_DAY = 5;
const DAY_MS = 24 * 3600_000;

/**
 * A code is stored as `salt:sha256(salt:code)`: the table never holds a usable code, and the salt
 * keeps one precomputed table of all 10^6 codes from reading every row at once. The short life
 * and the attempt limit are what actually protect a six-digit code.
 */
export function hashCode(code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

export function codeMatches(stored: string, code: string): boolean {
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

/** The newest code sent to the account: only it counts. */
export async function latestCode(db: Db, userId: number): Promise<VerificationCode | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.userId, userId))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Seconds until the next code may be sent (0: now), and whether the day's limit is what holds it.
 * Counted in the table, so restarts and several instances share the limits.
 */
export async function resendWait(
  db: Db,
  userId: number,
  at: number,
): Promise<{ seconds: number; daily: boolean }> {
  const recent = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, new Date(at - DAY_MS))))
    .orderBy(verificationCodes.createdAt);
  if (recent.length >= MAX_CODES_PER_DAY) {
    // The day's oldest code leaving the 24-hour window frees a place.
    const frees = recent[recent.length - MAX_CODES_PER_DAY].createdAt.getTime() + DAY_MS;
    return { seconds: Math.max(1, Math.ceil((frees - at) / 1000)), daily: true };
  }
  const last = recent.at(-1);
  if (last && at - last.createdAt.getTime() < RESEND_INTERVAL_MS) {
    return { seconds: Math.ceil((last.createdAt.getTime() + RESEND_INTERVAL_MS - at) / 1000), daily: false };
  }
  return { seconds: 0, daily: false };
}
