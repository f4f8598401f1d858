import { RateLimiter } from "#server/lib/rate-limit.ts";
import { type AltchaChallenge, createAltcha } from "./altcha.ts";

const WINDOW_MS = 15 * 60_000;
/** Failures one address may make across all accounts in a window (a guessing machine). */
export const IP_LIMIT = 50;
/** Failures one address may make against one account in a window. */
export const ACCOUNT_IP_LIMIT = 10;
/** Failures one device (its device cookie) may make against one account in a window. */
export const ACCOUNT_DEVICE_LIMIT = 10;
/**
 * Failures against one account from all sources after which a login from a place the account was
 * not signed into recently must first solve a proof of work (instead of the 429 that locked the
 * owner out while an attacker kept failing).
 */
export const ACCOUNT_CHALLENGE_AFTER = 10;
/**
 * The challenge's work in bits (altcha.ts: log2 of the PBKDF2 iterations): 2^20 at the threshold
 * (256 attempts, about 0.2 s in a browser), 2 bits more per 4× as many failures, at most 2^24
 * (4,096 attempts, a few seconds). ADR 0013 maps them to ADR 0010's 16 to 20 bits of SHA-256.
 */
export const CHALLENGE_BITS = { base: 20, max: 24 } as const;
/** How long a challenge may be solved in. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/** How long an address or a device that logged into an account stays known for that account. */
const KNOWN_SOURCE_MS = 30 * 24 * 3600_000;

const accountKey = (email: string) => email.trim().toLowerCase();

/** Where a login comes from: the client address and, for the browser, its device cookie. */
export type LoginSource = { ip: string; device?: string | null };
/** A solved challenge sent back with the credentials: ALTCHA's payload. */
export type LoginProof = { altcha?: unknown };

/**
 * What to do with a login attempt before the password is checked:
 * - `check`: check the password (then report failed/succeeded);
 * - `wait`: refuse with 429 and Retry-After (this address or device guessed too much);
 * - `challenge`: do not check the password; answer with an ALTCHA proof-of-work challenge to solve and
 *   send back with the same credentials (`stale` when a solution came but did not count).
 */
export type LoginGate =
  | { action: "check" }
  | { action: "wait"; seconds: number }
  | { action: "challenge"; challenge: AltchaChallenge; stale: boolean };

const ipKey = (email: string, ip: string) => `${accountKey(email)}\nip\n${ip}`;
const deviceKey = (email: string, device: string) => `${accountKey(email)}\ndevice\n${device}`;
const sourceKeys = (email: string, source: LoginSource) =>
  source.device ? [ipKey(email, source.ip), deviceKey(email, source.device)] : [ipKey(email, source.ip)];

/** The work a challenge asks for now: more as the attack on the account grows. */
function challengeBits(failures: number): number {
  const steps = Math.floor(Math.log(failures / ACCOUNT_CHALLENGE_AFTER) / Math.log(4));
  return Math.min(CHALLENGE_BITS.max, CHALLENGE_BITS.base + 2 * Math.max(0, steps));
}

/**
 * The addresses and devices that logged into an account lately (KNOWN_SOURCE_MS), by the keys of
 * sourceKeys: a window of the rate limits' store per key (ADR 0095), so every instance knows what
 * one of them saw (in PostgreSQL, as keyed hashes), and a restart forgets nothing. A key is known
 * while its window runs; a new login starts it again.
 */
function createKnownSources(now: () => number) {
  const known = new RateLimiter({
    name: "login:known-source",
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: KNOWN_SOURCE_MS,
    now,
  });
  return {
    async has(keys: string[]): Promise<boolean> {
      const counts = await Promise.all(keys.map((key) => known.count(key)));
      return counts.some((count) => count > 0);
    },
    async remember(key: string) {
      await known.reset(key);
      await known.attempt(key);
    },
  };
}

/**
 * Login guessing limits that nobody can turn into a lock-out of somebody else's account (ADR 0010).
 *
 * - Per address (all accounts): a machine guessing many accounts waits out the window.
 * - Per account and address, per account and device: a guesser waits, but only there; the owner,
 *   from their own address or device, is not counted against.
 * - Per account (all sources): after ACCOUNT_CHALLENGE_AFTER failures, a login from a source that
 *   has not logged into the account in the last 30 days is answered with a proof-of-work challenge
 *   before its password is even checked. The owner on a new device solves it (a second or two in the
 *   browser) and gets in, whatever the attackers do; every further guess costs the attackers the
 *   same work, growing with the attack, on top of the per-address limits. A known address or
 *   device is never challenged.
 *
 * Only failures count, so a busy shared address (an office, a test run) is not limited by its
 * successes. The counters are RateLimiter's: shared by every instance on PostgreSQL (ADR 0095), in
 * memory on the embedded database, and so are the known sources and the spent challenges: an owner
 * known to one instance is known to all, and a solution spent on one is refused by the others. The
 * API, the web form and the password checks of the account pages share one instance
 * (`services.loginThrottle`).
 */
export function createLoginThrottle(now: () => number = () => Date.now(), altchaHmacKey?: string) {
  // Counted by every instance together on PostgreSQL (ADR 0095): a guesser gains nothing from their number.
  const limiter = (name: string, limit: number) => new RateLimiter({ name, limit, windowMs: WINDOW_MS, now });
  const byIp = limiter("login:ip", IP_LIMIT);
  const byAccountIp = limiter("login:account-ip", ACCOUNT_IP_LIMIT);
  const byAccountDevice = limiter("login:account-device", ACCOUNT_DEVICE_LIMIT);
  const byAccount = limiter("login:account", Number.MAX_SAFE_INTEGER);
  // Its expiry runs on the wall clock (ALTCHA's), not on `now`.
  const altcha = createAltcha({
    purpose: "login",
    bits: CHALLENGE_BITS.base,
    ttlMs: CHALLENGE_TTL_MS,
    hmacKey: altchaHmacKey,
  });
  const knownSources = createKnownSources(now);

  /** Seconds this address (and device) must wait before trying this account again, else 0. */
  async function retryAfter(email: string, source: LoginSource): Promise<number> {
    const waits = await Promise.all([
      byIp.wait(source.ip),
      byAccountIp.wait(ipKey(email, source.ip)),
      source.device ? byAccountDevice.wait(deviceKey(email, source.device)) : 0,
    ]);
    return Math.max(0, ...waits);
  }

  return {
    retryAfter,

    /**
     * Decides about a login attempt before its password is checked. A good solution is spent here,
     * so each solved challenge buys exactly one password check.
     */
    async gate(email: string, source: LoginSource, proof: LoginProof = {}): Promise<LoginGate> {
      const wait = await retryAfter(email, source);
      if (wait > 0) return { action: "wait", seconds: wait };
      const failures = await byAccount.count(accountKey(email));
      if (failures < ACCOUNT_CHALLENGE_AFTER || (await knownSources.has(sourceKeys(email, source))))
        return { action: "check" };
      const bits = challengeBits(failures);
      const result = await altcha.verify(proof.altcha, bits);
      if (result === "ok") return { action: "check" };
      return { action: "challenge", challenge: await altcha.issue(bits), stale: result !== "missing" };
    },

    async failed(email: string, source: LoginSource): Promise<void> {
      await Promise.all([
        byIp.attempt(source.ip),
        byAccountIp.attempt(ipKey(email, source.ip)),
        source.device ? byAccountDevice.attempt(deviceKey(email, source.device)) : null,
        byAccount.attempt(accountKey(email)),
      ]);
    },

    /**
     * A correct password: the source's failures on the account are forgotten and its address and
     * device become known for the account. A success never lifts the account's challenge for the
     * other sources. Without a source (a caller that has none) nothing changes.
     */
    async succeeded(email: string, source?: LoginSource): Promise<void> {
      if (!source) return;
      for (const key of sourceKeys(email, source)) {
        await knownSources.remember(key);
        await Promise.all([byAccountIp.reset(key), byAccountDevice.reset(key)]);
      }
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
