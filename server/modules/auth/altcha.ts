import { createHmac, randomBytes } from "node:crypto";
import { type Challenge, createChallenge, randomInt, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { RateLimiter } from "#server/lib/rate-limit.ts";

/**
 * The self-hosted bot brake (ADR 0013), by ALTCHA (altcha-lib, the v2 proof of work): for the
 * registration form when no reCAPTCHA key is configured, and for a login to an attacked account
 * (login-throttle.ts). A challenge is signed (HMAC-SHA-256 with a key from ALTCHA_HMAC_KEY), expires,
 * and names what it is for and how much work it asks; the browser searches the counter whose
 * PBKDF2-SHA-256 key starts with the challenge's prefix and sends back ALTCHA's usual payload
 * (base64 of `{ challenge, solution }`). The server checks the signature, the expiry and the key
 * (one HMAC: the challenge carries a signature of the expected key), then spends the challenge:
 * one solution buys one check. No third party sees our visitors.
 *
 * Spent challenges are remembered until they expire where the rate limits count (ADR 0095): in
 * PostgreSQL, by every instance together, so that a solution spent on one is refused by the others;
 * in memory on the embedded database (one process).
 */
export type AltchaChallenge = Challenge;
export type AltchaResult = "ok" | "missing" | "invalid" | "expired" | "reused";
/** What a challenge may be spent on: one for registration does not open a login. */
export type AltchaPurpose = "register" | "login" | "report";

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per attempt: 2^12. WebCrypto runs them natively, so a browser works at full speed. */
const COST_BITS = 12;

/**
 * The work a challenge asks, in bits: log2 of the PBKDF2 iterations a solver needs on average.
 * 20 bits are 256 attempts of 4,096 iterations (about 0.2 s in a desktop browser), each 2 bits
 * more four times as many. The counter to find is drawn between half and one and a half times the
 * mean, so no challenge is free and none is much harder than asked.
 */
export const DEFAULT_BITS = 20;

export type AltchaOptions = {
  purpose: AltchaPurpose;
  /** ALTCHA_HMAC_KEY (config.altchaHmacKey); without it a key is drawn for this instance. */
  hmacKey?: string;
  bits?: number;
  ttlMs?: number;
};

/** The longest payload accepted: a challenge and its solution are about 700 characters. */
const MAX_PAYLOAD = 4000;

const Payload = z.object({
  challenge: z.object({
    // Kept as sent (loose): the signature covers exactly these parameters.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export function createAltcha(options: AltchaOptions) {
  const { purpose } = options;
  const bits = options.bits ?? DEFAULT_BITS;
  const ttlMs = options.ttlMs ?? 30 * 60 * 1000;
  const key = options.hmacKey ?? randomBytes(32).toString("hex");
  // Two secrets from the one key: one signs the challenge, the other the key a solution must find.
  const secret = (label: string) => createHmac("sha256", key).update(`altcha:${label}`).digest("hex");
  const hmac = { hmacSignatureSecret: secret("challenge"), hmacKeySignatureSecret: secret("derived-key") };
  // One spending per challenge (its signature) for as long as it can be valid: the second is over
  // the limit. Counted atomically in the shared store, so two instances cannot both spend one.
  const spent = new RateLimiter({ name: `altcha:spent:${purpose}`, limit: 1, windowMs: ttlMs });

  return {
    bits,

    /** A fresh challenge; a caller may ask for more work than the default (the login's grows with an attack). */
    issue(level: number = bits): Promise<AltchaChallenge> {
      const mean = 2 ** (level - COST_BITS);
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 2 ** COST_BITS,
        deriveKey,
        counter: randomInt(Math.round(mean * 1.5), Math.round(mean / 2)),
        expiresAt: new Date(Date.now() + ttlMs),
        data: { purpose, bits: level },
        ...hmac,
      });
    },

    /**
     * Checks a payload and, when it is good, spends its challenge so that it cannot be replayed. A
     * challenge for another purpose, or issued for less work than `minBits` (before an attack
     * grew), is invalid.
     */
    async verify(payload: unknown, minBits = 0): Promise<AltchaResult> {
      if (typeof payload !== "string" || payload === "") return "missing";
      if (payload.length > MAX_PAYLOAD) return "invalid";
      let parsed: z.infer<typeof Payload>;
      try {
        parsed = Payload.parse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
      } catch {
        return "invalid";
      }
      const { challenge, solution } = parsed;
      // Checked before it is spent: a payload that is no good writes nothing to the shared store.
      let result: AltchaResult = "invalid";
      try {
        const verdict = await verifySolution({ challenge, solution, deriveKey, ...hmac });
        const data = challenge.parameters.data;
        if (verdict.expired) result = "expired";
        else if (
          verdict.verified &&
          data?.purpose === purpose &&
          typeof data.bits === "number" &&
          data.bits >= minBits
        )
          result = "ok";
      } catch {
        // A malformed challenge (odd hex, unknown algorithm) is an invalid one.
      }
      if (result !== "ok") return result;
      // Spent now: of two requests with one solution (on one instance or two) only the first passes.
      return (await spent.attempt(challenge.signature)) ? "ok" : "reused";
    },
  };
}

export type Altcha = ReturnType<typeof createAltcha>;

/** ALTCHA's payload for a solved challenge: base64 of `{ challenge, solution }`, as its widget sends. */
export function altchaPayload(challenge: AltchaChallenge, solution: { counter: number; derivedKey: string }) {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Solves a challenge on the server, with altcha-lib's solver (tests and the bench only). */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
  if (!solution) throw new Error("ALTCHA challenge not solved");
  return altchaPayload(challenge, solution);
}
