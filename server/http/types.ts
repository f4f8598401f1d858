import type { Locale } from "#core/i18n/index.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AuthUser } from "../modules/auth/index.ts";
import type { Services } from "../services.ts";

/** What every request carries through Hono (and on into React Router's load context). */
export type AppVariables = {
  requestId: string;
  /**
   * The caller's address: the socket's, or behind a proxy of TRUSTED_PROXIES the right-most
   * untrusted address of X-Forwarded-For (trusted-proxies.ts).
   */
  clientIp: string;
  /** The origin the browser sees the site at, e.g. https://rarita.cz (trusted-proxies.ts). */
  requestOrigin: string;
  locale: Locale;
  services: Services;
  config: Config;
  logger: Logger;
  /** The signed-in user, or null. Set by the session middleware. */
  user: AuthUser | null;
  /** Hash of the session token the user came with, so logout can revoke exactly that session. */
  sessionTokenHash: string | null;
  /** The session passed the staff's second factor; the back office requires it (api/staff.ts). */
  secondFactorDone: boolean;
  /** This response's Content-Security-Policy nonce (csp.ts); inline scripts of the page carry it. */
  cspNonce: string;
  /**
   * Set by a write whose change every instance already hears through a NOTIFY committed with it
   * (an accepted bid's auction event): the page cache then sends no announcement of its own (ADR 0056).
   */
  changeNotified?: boolean;
};

export type AppEnv = { Variables: AppVariables };
