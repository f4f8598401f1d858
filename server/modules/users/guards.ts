import { type Locale, translate } from "#core/i18n/index.ts";
import type { AuthUser } from "../auth/index.ts";

export type GuardResult = { ok: true } | { ok: false; reason: string };

/**
 * Issue 5: an account can log in at once, but bidding and listing need a confirmed e-mail (the
 * address a seller or a winning bidder is reached at must be real). Bidding and listing call this
 * and show the reason, which points to the account overview's resend action.
 */
export function requireConfirmedEmail(user: Pick<AuthUser, "emailConfirmed">, locale: Locale): GuardResult {
  return user.emailConfirmed
    ? { ok: true }
    : { ok: false, reason: translate(locale, "security.emailNotConfirmed") };
}
