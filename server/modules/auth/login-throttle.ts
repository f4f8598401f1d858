import { RateLimiter } from "../../http/rate-limit.ts";

/**
 * Login guessing is bounded per account and per address (15-minute windows). Only failures count,
 * so that a busy shared address (an office, a test run) is not locked out by its successes. The
 * API and the web form share these counters.
 */
const byEmail = new RateLimiter(10, 15 * 60_000);
const byIp = new RateLimiter(50, 15 * 60_000);

const emailKey = (email: string) => email.trim().toLowerCase();

export const loginThrottle = {
  /** Seconds to wait when the account or the address is over its limit, else 0. */
  retryAfter(email: string, ip: string): number {
    if (!byIp.isLimited(ip) && !byEmail.isLimited(emailKey(email))) return 0;
    return Math.max(byIp.retryAfterSeconds(ip), byEmail.retryAfterSeconds(emailKey(email)));
  },
  failed(email: string, ip: string): void {
    byIp.attempt(ip);
    byEmail.attempt(emailKey(email));
  },
  succeeded(email: string): void {
    byEmail.reset(emailKey(email));
  },
};
