import { createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { AgeCheckRefusal, AgeVerification } from "#core/contracts/age-check.ts";
import type { AgeProofMethod, AgeProofProvider } from "#core/contracts/age-proof.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { ageCheckAttempts, ageVerifications } from "./tables.ts";

/** How long a person has to come back from the provider. */
export const ATTEMPT_MINUTES = 15;
/** Expired attempts are deleted this long after they expired (each new start sweeps them). */
const SWEEP_AFTER_MS = 24 * 3600_000;

/** Whose check it is: an account, or a guest's one checkout (the shop's review page's key). */
export type AgeCheckOwner = { userId: number } | { checkoutKey: string };

export type AgeCheckServiceDeps = {
  db: Db;
  /** The configured providers, in the order the page offers them (bank identity, EU wallet). */
  providers: AgeProofProvider[];
  /** Salts the subject's hash (config's AGE_CHECK_SALT or the data directory's). */
  salt: string;
  /** How many accounts one identity may verify (the `ageCheck` setting). */
  accountsPerIdentity: () => Promise<number>;
  logger?: Pick<Logger, "warn">;
  now?: () => Date;
  /** Starts per account or address: by default 10 in 10 minutes. */
  startLimiter?: RateLimiter;
};

export type StartInput = {
  method: AgeProofMethod;
  owner: AgeCheckOwner;
  /** A path of this site (the caller made it safe). */
  returnPath: string;
  locale: Locale;
  /** The provider's callback (this site's, by `state`). */
  callbackUrl: string;
  /** Whom the rate limit counts: the account, or the guest's address. */
  limitKey: string;
};

/** Where a finished attempt sends the person back, and in which language. */
export type AttemptReturn = { returnPath: string; locale: Locale; method: AgeProofMethod; forOrder: boolean };

export type FinishResult = Result<AttemptReturn, AgeCheckRefusal, AttemptReturn | undefined>;

type Attempt = typeof ageCheckAttempts.$inferSelect;

export function subjectHashOf(salt: string, method: AgeProofMethod, subject: string): string {
  return createHmac("sha256", salt).update(`${method}\n${subject}`).digest("hex");
}

export function createAgeCheckService(deps: AgeCheckServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = deps.startLimiter ?? new RateLimiter(10, 10 * 60_000, Date.now, "age-check-start");
  const providerOf = (method: AgeProofMethod) => deps.providers.find((p) => p.method === method);
  const backOf = (attempt: Attempt): AttemptReturn => ({
    returnPath: attempt.returnPath,
    locale: attempt.locale,
    method: attempt.method,
    forOrder: attempt.checkoutKey !== null,
  });

  async function verificationOf(userId: number, executor: Db = db): Promise<AgeVerification | null> {
    const [row] = await executor
      .select({ method: ageVerifications.method, verifiedAt: ageVerifications.verifiedAt })
      .from(ageVerifications)
      .where(eq(ageVerifications.userId, userId))
      .limit(1);
    return row ? { method: row.method, verifiedAt: row.verifiedAt.toISOString() } : null;
  }

  /** A guest's passed check for this checkout, not yet used by an order. */
  async function checkoutCleared(checkoutKey: string, executor: Db = db): Promise<number | null> {
    const [row] = await executor
      .select({ id: ageCheckAttempts.id })
      .from(ageCheckAttempts)
      .where(
        and(
          eq(ageCheckAttempts.checkoutKey, checkoutKey),
          eq(ageCheckAttempts.outcome, "verified"),
          isNull(ageCheckAttempts.consumedAt),
        ),
      )
      .limit(1);
    return row?.id ?? null;
  }

  /** The account's row for a passed check, unless the identity has verified enough accounts. */
  async function recordAdult(tx: Db, attempt: Attempt, userId: number, subject: string, limit: number) {
    const hash = subjectHashOf(deps.salt, attempt.method, subject);
    // One identity's checks one after another, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`age-check:${hash}`}))`);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(ageVerifications)
      .where(and(eq(ageVerifications.subjectHash, hash), ne(ageVerifications.userId, userId)));
    if (count >= limit) return "identity_limit" as const;
    await tx
      .insert(ageVerifications)
      .values({ userId, method: attempt.method, verifiedAt: now(), subjectHash: hash })
      .onConflictDoNothing({ target: ageVerifications.userId });
    return "verified" as const;
  }

  /** Takes the attempt for its one finish: null when it is unknown, expired or already taken. */
  async function claim(state: string): Promise<{ attempt: Attempt | null; fresh: boolean }> {
    const at = now();
    const [claimed] = await db
      .update(ageCheckAttempts)
      .set({ finishedAt: at })
      .where(and(eq(ageCheckAttempts.state, state), isNull(ageCheckAttempts.finishedAt)))
      .returning();
    if (claimed) return { attempt: claimed, fresh: true };
    const [earlier] = await db
      .select()
      .from(ageCheckAttempts)
      .where(eq(ageCheckAttempts.state, state))
      .limit(1);
    return { attempt: earlier ?? null, fresh: false };
  }

  /** The answer of an attempt finished before: the same outcome, nothing written again. */
  function replayOf(attempt: Attempt): FinishResult {
    if (attempt.outcome === "verified") return ok(backOf(attempt));
    const code = (attempt.outcome ?? "expired") as AgeCheckRefusal;
    return err(code, backOf(attempt));
  }

  async function conclude(attempt: Attempt, params: Record<string, string>, callbackUrl: string) {
    const provider = providerOf(attempt.method);
    if (!provider) return "method_unavailable" as const;
    const answer = await provider.finish({
      params,
      secret: attempt.secret,
      callbackUrl,
      state: attempt.state,
    });
    if (!answer.ok) return answer.code;
    if (!answer.value.adult) return "minor" as const;
    if (attempt.userId === null) return "verified" as const;
    const userId = attempt.userId;
    // Read before the transaction: the embedded database's one connection would wait on itself.
    const limit = await deps.accountsPerIdentity();
    return db.transaction((tx) =>
      recordAdult(tx as unknown as Db, attempt, userId, answer.value.subject, limit),
    );
  }

  return {
    /** The methods offered, in order. */
    methods: (): AgeProofMethod[] => deps.providers.map((p) => p.method),

    /** "18+ verified, how, when" of an account, or null. */
    verificationOf,

    /** Whether the account has passed the check (the gates' question). */
    isVerified: async (userId: number, executor?: Db) => (await verificationOf(userId, executor)) !== null,

    /** Whether a guest's checkout holds a passed check its order has not used. */
    checkoutCleared: async (checkoutKey: string) => (await checkoutCleared(checkoutKey)) !== null,

    /**
     * Whether an order of age-restricted goods may be placed: the account is verified, or the
     * guest's checkout holds a passed check, which this order then uses up (in its transaction).
     */
    async clearOrder(tx: Db, who: { userId: number | null; checkoutKey: string | null }): Promise<boolean> {
      if (who.userId !== null && (await verificationOf(who.userId, tx))) return true;
      if (who.checkoutKey === null) return false;
      const [used] = await tx
        .update(ageCheckAttempts)
        .set({ consumedAt: now() })
        .where(
          and(
            eq(ageCheckAttempts.checkoutKey, who.checkoutKey),
            eq(ageCheckAttempts.outcome, "verified"),
            isNull(ageCheckAttempts.consumedAt),
          ),
        )
        .returning({ id: ageCheckAttempts.id });
      return used !== undefined;
    },

    /** A new attempt: the provider's address to send the browser to. */
    async start(input: StartInput): Promise<Result<{ redirectUrl: string }, AgeCheckRefusal>> {
      const provider = providerOf(input.method);
      if (!provider) return err("method_unavailable");
      if (!limiter.attempt(input.limitKey)) return err("limited");
      const at = now();
      await db
        .delete(ageCheckAttempts)
        .where(lt(ageCheckAttempts.expiresAt, new Date(at.getTime() - SWEEP_AFTER_MS)));
      const state = randomBytes(24).toString("base64url");
      let started: Awaited<ReturnType<AgeProofProvider["start"]>>;
      try {
        started = await provider.start({ state, callbackUrl: input.callbackUrl });
      } catch (error) {
        deps.logger?.warn({ err: error, method: input.method }, "the age proof provider could not start");
        return err("provider_unavailable");
      }
      await db.insert(ageCheckAttempts).values({
        state,
        method: input.method,
        secret: started.secret,
        userId: "userId" in input.owner ? input.owner.userId : null,
        checkoutKey: "checkoutKey" in input.owner ? input.owner.checkoutKey : null,
        returnPath: input.returnPath,
        locale: input.locale,
        expiresAt: new Date(at.getTime() + ATTEMPT_MINUTES * 60_000),
      });
      return ok({ redirectUrl: started.redirectUrl });
    },

    /**
     * The provider's response (a callback's query or a wallet's posted form), found by its
     * `state`. Taken once: a replay answers the first outcome and writes nothing.
     */
    async finish(params: Record<string, string>, callbackUrl: string): Promise<FinishResult> {
      const state = params.state ?? "";
      if (!state) return err("expired", undefined);
      const { attempt, fresh } = await claim(state);
      if (!attempt) return err("expired", undefined);
      if (!fresh) return replayOf(attempt);
      let outcome: "verified" | AgeCheckRefusal;
      if (attempt.expiresAt.getTime() < now().getTime()) outcome = "expired";
      else outcome = await conclude(attempt, params, callbackUrl);
      // The secret is no longer needed; the outcome is all that stays of the person's answer.
      await db
        .update(ageCheckAttempts)
        .set({ outcome, secret: "" })
        .where(eq(ageCheckAttempts.id, attempt.id));
      return outcome === "verified"
        ? ok(backOf(attempt))
        : (err(outcome, backOf(attempt)) as Err<AgeCheckRefusal, AttemptReturn>);
    },
  };
}

export type AgeCheckService = ReturnType<typeof createAgeCheckService>;
