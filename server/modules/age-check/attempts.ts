import { createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { AgeCheckRefusal } from "#core/contracts/age-check.ts";
import type { AgeProofMethod, AgeProofProvider } from "#core/contracts/age-proof.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import type { Logger } from "#server/logger.ts";
import { ageCheckAttempts, ageVerifications } from "./tables.ts";

/**
 * An attempt's way out to the provider and back (ADR 0083): made with a random `state`, found by
 * it again, taken once, its answer reduced to an outcome's code and, for an adult account, the
 * account's row with the salted hash of the subject, within the limit per identity.
 */
/** How long a person has to come back from the provider. */
export const ATTEMPT_MINUTES = 15;
/** Expired attempts are deleted this long after they expired (each new start sweeps them). */
const SWEEP_AFTER_MS = 24 * 3600_000;

/** Whose check it is: an account, or a guest's one checkout (the shop's review page's key). */
export type AgeCheckOwner = { userId: number } | { checkoutKey: string };

export type AttemptDeps = {
  db: Db;
  /** The configured providers, in the order the page offers them (bank identity, EU wallet). */
  providers: AgeProofProvider[];
  /** Salts the subject's hash (config's AGE_CHECK_SALT or the data directory's). */
  salt: string;
  /** How many accounts one identity may verify (the `ageCheck` setting). */
  accountsPerIdentity: () => Promise<number>;
  logger?: Pick<Logger, "warn">;
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

const backOf = (attempt: Attempt): AttemptReturn => ({
  returnPath: attempt.returnPath,
  locale: attempt.locale,
  method: attempt.method,
  forOrder: attempt.checkoutKey !== null,
});

/** The account's row for a passed check, unless the identity has verified `limit` other accounts. */
async function recordAdult(
  tx: Db,
  row: { userId: number; method: AgeProofMethod; subjectHash: string; at: Date },
  limit: number,
) {
  // One identity's checks one after another, so two at once cannot both pass the limit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`age-check:${row.subjectHash}`}))`);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(ageVerifications)
    .where(and(eq(ageVerifications.subjectHash, row.subjectHash), ne(ageVerifications.userId, row.userId)));
  if (count >= limit) return "identity_limit" as const;
  await tx
    .insert(ageVerifications)
    .values({ userId: row.userId, method: row.method, verifiedAt: row.at, subjectHash: row.subjectHash })
    .onConflictDoNothing({ target: ageVerifications.userId });
  return "verified" as const;
}

/** Takes the attempt for its one finish: `fresh` false when it was already taken (a replay). */
async function claim(db: Db, state: string, at: Date): Promise<{ attempt: Attempt | null; fresh: boolean }> {
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
  return err((attempt.outcome ?? "expired") as AgeCheckRefusal, backOf(attempt));
}

export function createAttemptSteps(deps: AttemptDeps & { limiter: RateLimiter; now: () => Date }) {
  const { db, now } = deps;
  const providerOf = (method: AgeProofMethod) => deps.providers.find((p) => p.method === method);

  async function conclude(attempt: Attempt, params: Record<string, string>, callbackUrl: string) {
    const provider = providerOf(attempt.method);
    if (!provider) return "method_unavailable" as const;
    const { secret, state } = attempt;
    const answer = await provider.finish({ params, secret, callbackUrl, state });
    if (!answer.ok) return answer.code;
    if (!answer.value.adult) return "minor" as const;
    if (attempt.userId === null) return "verified" as const;
    const row = {
      userId: attempt.userId,
      method: attempt.method,
      subjectHash: subjectHashOf(deps.salt, attempt.method, answer.value.subject),
      at: now(),
    };
    // Read before the transaction: the embedded database's one connection would wait on itself.
    const limit = await deps.accountsPerIdentity();
    return db.transaction((tx) => recordAdult(tx as unknown as Db, row, limit));
  }

  return {
    /** A new attempt: the provider's address to send the browser to. */
    async start(input: StartInput): Promise<Result<{ redirectUrl: string }, AgeCheckRefusal>> {
      const provider = providerOf(input.method);
      if (!provider) return err("method_unavailable");
      if (!(await deps.limiter.attempt(input.limitKey))) return err("limited");
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
      const { attempt, fresh } = state ? await claim(db, state, now()) : { attempt: null, fresh: false };
      if (!attempt) return err("expired", undefined);
      if (!fresh) return replayOf(attempt);
      const outcome =
        attempt.expiresAt.getTime() < now().getTime()
          ? "expired"
          : await conclude(attempt, params, callbackUrl);
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
