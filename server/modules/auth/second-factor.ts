import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { staffRecoveryCodes, staffSecondFactors } from "./tables.ts";
import { hashToken } from "./tokens.ts";

/**
 * The staff's second factor (docs/product/back-office.md, "Signing in"; ADR 0021): TOTP as
 * authenticator apps compute it (RFC 6238: SHA-1, 6 digits, 30 s), one step of clock drift
 * accepted either way, each code accepted once; 10 single-use recovery codes; 5 wrong codes in a
 * row lock the factor for 15 minutes.
 */
export const SECOND_FACTOR = {
  issuer: "Rarita",
  digits: 6,
  period: 30,
  window: 1,
  maxFailures: 5,
  lockMinutes: 15,
  recoveryCodes: 10,
} as const;

/** What a change of the second factor leaves in the audit log (a port: the admin module writes it). */
export type SecondFactorAudit = (
  tx: Db,
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId?: string | null;
    data?: Record<string, unknown>;
    ip?: string | null;
  },
) => Promise<void>;

export type SecondFactorState = {
  /** none: never set up; pending: set up started, not confirmed; active: guards the sign-in. */
  state: "none" | "pending" | "active";
  lockedUntil: Date | null;
  recoveryCodesLeft: number;
};

/** Ok: how the code was taken and the recovery codes left; refused: no factor, wrong, reused, or locked. */
export type VerifyResult =
  | Ok<{ method: "totp" | "recovery"; recoveryCodesLeft: number }>
  | Err<"none" | "invalid" | "replayed">
  | Err<"locked", { lockedUntil: Date }>;

/** The QR code of an otpauth:// address as an SVG data URL (an <img>, allowed by the CSP's img-src data:). */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** What each operation works with: the database, the audit port, the clock. */
type Ctx = { db: Db; audit: SecondFactorAudit; now: () => Date };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code as shown: 10 characters of an unambiguous alphabet, in two groups ("abcde-fghjk"). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Typed the way people copy codes: any case, with spaces or dashes. */
function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: SECOND_FACTOR.issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: SECOND_FACTOR.digits,
    period: SECOND_FACTOR.period,
  });
}

/** The time step a valid code belongs to, or null when it is not one of the steps accepted now. */
function matchingStep(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret, "");
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: SECOND_FACTOR.window });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}

async function row(tx: Db | Tx, userId: number, lock = false) {
  const query = tx.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  const [found] = lock ? await query.for("update") : await query;
  return found ?? null;
}

async function recoveryCodesLeft(tx: Db | Tx, userId: number): Promise<number> {
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/** A failed code: counts it, and the fifth in a row locks the factor (audited). */
async function failed(
  ctx: Ctx,
  tx: Tx,
  userId: number,
  failures: number,
  ip: string | null,
): Promise<VerifyResult> {
  const at = ctx.now();
  if (failures + 1 < SECOND_FACTOR.maxFailures) {
    await tx
      .update(staffSecondFactors)
      .set({ failedAttempts: failures + 1, updatedAt: at })
      .where(eq(staffSecondFactors.userId, userId));
    return err("invalid");
  }
  const lockedUntil = new Date(at.getTime() + SECOND_FACTOR.lockMinutes * 60_000);
  // The count starts again after the lock, so the next 5 wrong codes lock it again.
  await tx
    .update(staffSecondFactors)
    .set({ failedAttempts: 0, lockedUntil, updatedAt: at })
    .where(eq(staffSecondFactors.userId, userId));
  await ctx.audit(tx, {
    actorId: userId,
    action: "secondFactor.lock",
    entity: "user",
    entityId: String(userId),
    data: { before: { locked: false }, after: { locked: true, lockedUntil: lockedUntil.toISOString() } },
    ip,
  });
  return err("locked", { lockedUntil });
}

/** A recovery code in place of the TOTP: used at most once. */
async function spendRecoveryCode(tx: Tx, userId: number, code: string, at: Date): Promise<boolean> {
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, hashToken(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

async function newRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, newRecoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalizeCode(code)) })));
  return codes;
}

async function readState(ctx: Ctx, userId: number): Promise<SecondFactorState> {
  const found = await row(ctx.db, userId);
  if (!found) return { state: "none", lockedUntil: null, recoveryCodesLeft: 0 };
  const locked = found.lockedUntil && found.lockedUntil > ctx.now() ? found.lockedUntil : null;
  if (!found.confirmedAt) return { state: "pending", lockedUntil: null, recoveryCodesLeft: 0 };
  return { state: "active", lockedUntil: locked, recoveryCodesLeft: await recoveryCodesLeft(ctx.db, userId) };
}

/**
 * Starts setting up (or starts again): a new secret, its otpauth:// address and QR code. Null
 * when the factor is already active (it is reset first, by the owner).
 */
async function startSetup(
  ctx: Ctx,
  userId: number,
  label: string,
): Promise<{ secret: string; uri: string; qr: string } | null> {
  const setup = await ctx.db.transaction(async (tx) => {
    const found = await row(tx, userId, true);
    if (found?.confirmedAt) return null;
    // A pending secret is kept, so reloading the page does not invalidate a code already scanned.
    const secret = found?.secret ?? new Secret({ size: 20 }).base32;
    if (!found) await tx.insert(staffSecondFactors).values({ userId, secret });
    return { secret, uri: totpOf(secret, label).toString() };
  });
  return setup && { ...setup, qr: await qrDataUrl(setup.uri) };
}

/**
 * Confirms the set up with a code from the app: the factor is active and the 10 recovery codes
 * are returned, to be shown once. Null when the code is wrong or nothing is being set up.
 */
async function confirmSetup(
  ctx: Ctx,
  userId: number,
  code: string,
  ip: string | null = null,
): Promise<string[] | null> {
  return ctx.db.transaction(async (tx) => {
    const found = await row(tx, userId, true);
    if (!found || found.confirmedAt) return null;
    const at = ctx.now();
    const step = matchingStep(found.secret, normalizeCode(code), at);
    if (step === null) return null;
    await tx
      .update(staffSecondFactors)
      .set({ confirmedAt: at, lastUsedStep: step, failedAttempts: 0, lockedUntil: null, updatedAt: at })
      .where(eq(staffSecondFactors.userId, userId));
    const codes = await newRecoveryCodes(tx, userId);
    await ctx.audit(tx, {
      actorId: userId,
      action: "secondFactor.enable",
      entity: "user",
      entityId: String(userId),
      data: { before: { secondFactor: false }, after: { secondFactor: true } },
      ip,
    });
    return codes;
  });
}

/** Checks a TOTP code or a recovery code at sign-in. */
async function verifyCode(
  ctx: Ctx,
  userId: number,
  code: string,
  ip: string | null = null,
): Promise<VerifyResult> {
  return ctx.db.transaction(async (tx): Promise<VerifyResult> => {
    const found = await row(tx, userId, true);
    if (!found?.confirmedAt) return err("none");
    const at = ctx.now();
    if (found.lockedUntil && found.lockedUntil > at) return err("locked", { lockedUntil: found.lockedUntil });
    const typed = normalizeCode(code);
    const unlock = { failedAttempts: 0, lockedUntil: null, updatedAt: at };
    if (/^\d{6}$/.test(typed)) {
      const step = matchingStep(found.secret, typed, at);
      if (step === null) return failed(ctx, tx, userId, found.failedAttempts, ip);
      // A code already accepted (or an older one) is refused, but it is no guess: not counted.
      if (found.lastUsedStep !== null && step <= found.lastUsedStep) return err("replayed");
      await tx
        .update(staffSecondFactors)
        .set({ ...unlock, lastUsedStep: step })
        .where(eq(staffSecondFactors.userId, userId));
      return ok({ method: "totp" as const, recoveryCodesLeft: await recoveryCodesLeft(tx, userId) });
    }
    if (!(await spendRecoveryCode(tx, userId, typed, at)))
      return failed(ctx, tx, userId, found.failedAttempts, ip);
    await tx.update(staffSecondFactors).set(unlock).where(eq(staffSecondFactors.userId, userId));
    const left = await recoveryCodesLeft(tx, userId);
    await ctx.audit(tx, {
      actorId: userId,
      action: "secondFactor.recoveryCode",
      entity: "user",
      entityId: String(userId),
      data: { before: { recoveryCodesLeft: left + 1 }, after: { recoveryCodesLeft: left } },
      ip,
    });
    return ok({ method: "recovery" as const, recoveryCodesLeft: left });
  });
}

/**
 * The owner resets a staff member's second factor (a lost phone and no recovery code left): the
 * member sets it up again at the next sign-in. False when there was none.
 */
async function resetFactor(
  ctx: Ctx,
  userId: number,
  actor: { id: number; ip: string | null },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const found = await row(tx, userId, true);
    if (!found) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    await ctx.audit(tx, {
      actorId: actor.id,
      action: "secondFactor.reset",
      entity: "user",
      entityId: String(userId),
      data: {
        before: { secondFactor: found.confirmedAt ? "active" : "pending" },
        after: { secondFactor: "none" },
      },
      ip: actor.ip,
    });
    return true;
  });
}

/** Whether each of these users has an active second factor (the staff list). */
async function activeFactorsOf(ctx: Ctx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ userId: staffSecondFactors.userId })
    .from(staffSecondFactors)
    .where(and(inArray(staffSecondFactors.userId, userIds), isNotNull(staffSecondFactors.confirmedAt)));
  return new Set(rows.map((r) => r.userId));
}

/** The staff's second factor (see SECOND_FACTOR above); `now` is the tests' clock. */
export function createSecondFactorService(db: Db, deps: { audit: SecondFactorAudit; now?: () => Date }) {
  const ctx: Ctx = { db, audit: deps.audit, now: deps.now ?? (() => new Date()) };
  return {
    state: (...args: DropCtx<typeof readState>) => readState(ctx, ...args),
    startSetup: (...args: DropCtx<typeof startSetup>) => startSetup(ctx, ...args),
    confirmSetup: (...args: DropCtx<typeof confirmSetup>) => confirmSetup(ctx, ...args),
    verify: (...args: DropCtx<typeof verifyCode>) => verifyCode(ctx, ...args),
    reset: (...args: DropCtx<typeof resetFactor>) => resetFactor(ctx, ...args),
    activeOf: (...args: DropCtx<typeof activeFactorsOf>) => activeFactorsOf(ctx, ...args),
  };
}

type DropCtx<F> = F extends (ctx: Ctx, ...args: infer A) => unknown ? A : never;

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
