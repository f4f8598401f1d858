import type { AgeProofMethod } from "#core/contracts/age-proof.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import { type AttemptDeps, createAttemptSteps } from "./attempts.ts";
import { checkoutCleared, clearOrder, verificationOf, verificationsOf } from "./reads.ts";

export type AgeCheckServiceDeps = AttemptDeps & {
  now?: () => Date;
  /** Starts per account or address: by default 10 in 10 minutes. */
  startLimiter?: RateLimiter;
};

/** The age check (ADR 0083): the attempts' way out and back, and the gates' questions. */
export function createAgeCheckService(deps: AgeCheckServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter =
    deps.startLimiter ?? new RateLimiter({ name: "age-check-start", limit: 10, windowMs: 10 * 60_000 });
  return {
    /** The methods offered, in order. */
    methods: (): AgeProofMethod[] => deps.providers.map((p) => p.method),
    /** "18+ verified, how, when" of an account, or null. */
    verificationOf: (userId: number, executor: Db = db) => verificationOf(executor, userId),
    /** The badges' batch read: each verified account's method and instant. */
    verificationsOf: (userIds: readonly number[]) => verificationsOf(db, userIds),
    /** Whether the account has passed the check (the gates' question). */
    isVerified: async (userId: number, executor: Db = db) =>
      (await verificationOf(executor, userId)) !== null,
    /** Whether a guest's checkout holds a passed check its order has not used. */
    checkoutCleared: (checkoutKey: string) => checkoutCleared(db, checkoutKey),
    /** Whether the order may be placed; a guest's check is used up by it, in `tx`. */
    clearOrder: (tx: Db, who: { userId: number | null; checkoutKey: string | null }) =>
      clearOrder(tx, who, now()),
    ...createAttemptSteps({ ...deps, limiter, now }),
  };
}

export type AgeCheckService = ReturnType<typeof createAgeCheckService>;
