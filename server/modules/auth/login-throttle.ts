import { type Locale, translate } from "../../../app/i18n/index.ts";
import { formatWait } from "../../../app/lib/wait.ts";
import { RateLimiter } from "../../http/rate-limit.ts";

const WINDOW_MS = 15 * 60_000;
/** Failures one address may make across all accounts in a window (a guessing machine). */
export const IP_LIMIT = 50;
/** Failures one address may make against one account in a window. */
export const ACCOUNT_IP_LIMIT = 10;
/** Failures against one account from all addresses after which the account is slowed down. */
export const ACCOUNT_SLOWDOWN_AFTER = 20;
/** During a slow-down an unknown address waits at most this long between attempts on the account. */
export const SLOWDOWN_SECONDS = 30;
/** How long an address that logged into an account stays known for that account. */
const KNOWN_SOURCE_MS = 30 * 24 * 3600_000;
const MAX_KNOWN_SOURCES = 100_000;

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Login guessing limits that nobody can turn into a lock-out of somebody else's account.
 *
 * - Per address (all accounts): a machine guessing many accounts is stopped for the window.
 * - Per account and address: a guesser is stopped on that account, but only from that address;
 *   the owner, from their own address, is not counted against.
 * - Per account (all addresses): a guesser spread over many addresses only slows the account
 *   down: an address that has never logged into it gets one attempt per SLOWDOWN_SECONDS (the
 *   wait never grows beyond that), and an address the owner logged in from recently (their usual
 *   device) is not slowed at all.
 *
 * Only failures count, so a busy shared address (an office, a test run) is not limited by its
 * successes. In memory, per process, like RateLimiter: a restart forgets counters and known
 * addresses alike, which errs on the side of letting the owner in. The API, the web form and the
 * password checks of the account pages share one instance (`loginThrottle`).
 */
export function createLoginThrottle(now: () => number = () => Date.now()) {
  const byIp = new RateLimiter(IP_LIMIT, WINDOW_MS, now);
  const byAccountIp = new RateLimiter(ACCOUNT_IP_LIMIT, WINDOW_MS, now);
  const byAccount = new RateLimiter(ACCOUNT_SLOWDOWN_AFTER, WINDOW_MS, now);
  const lastFailure = new Map<string, number>();
  const knownSources = new Map<string, number>();
  const pairKey = (email: string, ip: string) => `${accountKey(email)}\n${ip}`;

  function isKnownSource(email: string, ip: string): boolean {
    const until = knownSources.get(pairKey(email, ip));
    return until !== undefined && until > now();
  }

  return {
    /** Seconds to wait before this address may try this account again, else 0. */
    retryAfter(email: string, ip: string): number {
      const account = accountKey(email);
      const pair = pairKey(email, ip);
      const waits = [0];
      if (byIp.isLimited(ip)) waits.push(byIp.retryAfterSeconds(ip));
      if (byAccountIp.isLimited(pair)) waits.push(byAccountIp.retryAfterSeconds(pair));
      if (byAccount.isLimited(account) && !isKnownSource(email, ip)) {
        const since = now() - (lastFailure.get(account) ?? 0);
        const wait = Math.ceil((SLOWDOWN_SECONDS * 1000 - since) / 1000);
        if (wait > 0) waits.push(Math.min(wait, SLOWDOWN_SECONDS));
      }
      return Math.max(...waits);
    },

    failed(email: string, ip: string): void {
      const account = accountKey(email);
      byIp.attempt(ip);
      byAccountIp.attempt(pairKey(email, ip));
      byAccount.attempt(account);
      if (lastFailure.size > MAX_KNOWN_SOURCES) lastFailure.clear();
      lastFailure.set(account, now());
    },

    /**
     * A correct password: the address's failures on the account are forgotten and the address
     * becomes known for the account. Without an address (a caller that has none) nothing changes:
     * a success never lifts the account's slow-down for the other addresses.
     */
    succeeded(email: string, ip?: string): void {
      if (ip === undefined) return;
      const pair = pairKey(email, ip);
      byAccountIp.reset(pair);
      if (knownSources.size >= MAX_KNOWN_SOURCES) {
        for (const [key, until] of knownSources) if (until <= now()) knownSources.delete(key);
        // Still full of live entries: drop the oldest (Map keeps insertion order).
        if (knownSources.size >= MAX_KNOWN_SOURCES) knownSources.delete(knownSources.keys().next().value!);
      }
      knownSources.delete(pair);
      knownSources.set(pair, now() + KNOWN_SOURCE_MS);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The process's one throttle, shared by every place that checks a password. */
export const loginThrottle = createLoginThrottle();

/** The 429 text with the wait in words ("Zkuste to prosím znovu za 30 s."). */
export function tooManyAttemptsMessage(locale: Locale, seconds: number): string {
  return translate(locale, "security.login.tooMany", { wait: formatWait(locale, seconds) });
}
