import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A self-hosted bot brake for the registration form (used when no reCAPTCHA key is configured):
 * the page gets a challenge signed with a per-process secret and an expiry; the browser searches a
 * nonce so that sha256(challenge + nonce) starts with `difficulty` zero bits (about 2^16 hashes,
 * a fraction of a second), and the server checks the work, the signature, the expiry and that the
 * challenge was not used before. A bot then pays CPU for every attempt, and no third party sees
 * our visitors.
 *
 * Used challenges are remembered in memory until they expire: per process, like the rate limits.
 * After a restart the secret changes, so older challenges fail their signature anyway.
 */
export type PowChallenge = { challenge: string; difficulty: number };
export type PowResult = "ok" | "missing" | "invalid" | "expired" | "reused";

export type ProofOfWorkOptions = {
  difficulty?: number;
  ttlMs?: number;
  now?: () => number;
  secret?: Buffer;
};

/** Counts the leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function powDigest(challenge: string, nonce: string): Buffer {
  return createHash("sha256").update(`${challenge}${nonce}`).digest();
}

export function createProofOfWork(options: ProofOfWorkOptions = {}) {
  const difficulty = options.difficulty ?? 16;
  const ttlMs = options.ttlMs ?? 30 * 60 * 1000;
  const now = options.now ?? Date.now;
  const secret = options.secret ?? randomBytes(32);
  const used = new Map<string, number>();

  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

  function prune(at: number) {
    for (const [challenge, expiresAt] of used) if (expiresAt <= at) used.delete(challenge);
  }

  return {
    difficulty,

    /**
     * A fresh challenge for one form: `<expiresAt>.<difficulty>.<random>.<signature>`. A caller
     * may ask for more work than the default (the login challenge grows with an attack).
     */
    issue(bits: number = difficulty): PowChallenge {
      const payload = `${now() + ttlMs}.${bits}.${randomBytes(12).toString("base64url")}`;
      return { challenge: `${payload}.${sign(payload)}`, difficulty: bits };
    },

    /**
     * Checks a solution and, when it is good, spends the challenge so that it cannot be replayed.
     * A challenge issued for less work than `minBits` (asked for before an attack grew) is invalid.
     */
    verify(challenge: unknown, nonce: unknown, minBits = 0): PowResult {
      if (typeof challenge !== "string" || typeof nonce !== "string" || !challenge || !nonce)
        return "missing";
      if (challenge.length > 200 || nonce.length > 32 || !/^[0-9a-z]+$/i.test(nonce)) return "invalid";
      const parts = challenge.split(".");
      if (parts.length !== 4) return "invalid";
      const [expires, bits, random, signature] = parts;
      const expected = Buffer.from(sign(`${expires}.${bits}.${random}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      const at = now();
      if (Number(expires) <= at) return "expired";
      if (Number(bits) < minBits) return "invalid";
      if (leadingZeroBits(powDigest(challenge, nonce)) < Number(bits)) return "invalid";
      if (used.has(challenge)) return "reused";
      if (used.size > 10_000) prune(at);
      used.set(challenge, Number(expires));
      return "ok";
    },
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;

/** Finds a nonce on the server (tests only: the browser does this with crypto.subtle). */
export function solveProofOfWork({ challenge, difficulty }: PowChallenge): string {
  for (let i = 0; ; i++) {
    const nonce = i.toString(36);
    if (leadingZeroBits(powDigest(challenge, nonce)) >= difficulty) return nonce;
  }
}
