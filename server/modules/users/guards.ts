import { err, ok, type Result } from "#core/result.ts";
import type { AuthUser } from "../auth/index.ts";

/** Refused with `email_not_confirmed`; the caller shows `security.emailNotConfirmed`. */
export type GuardResult = Result<undefined, "email_not_confirmed">;

/**
 * Issue 5: an account can log in at once, but bidding and listing need a confirmed e-mail (the
 * address a seller or a winning bidder is reached at must be real). Bidding and listing call this
 * and show the refusal's text, which points to the account overview's resend action.
 */
export function requireConfirmedEmail(user: Pick<AuthUser, "emailConfirmed">): GuardResult {
  return user.emailConfirmed ? ok() : err("email_not_confirmed");
}
