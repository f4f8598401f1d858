import type { AgeProofFailure, AgeProofMethod } from "./age-proof.ts";

/**
 * The age check's answers (issue 36, item 1) as the pages and the API read them; each refusal has
 * its translated reason and what to do under `ageCheck.refusal.<code>` (core/i18n/ui/age-check.json).
 */
export const AGE_CHECK_REFUSALS = [
  "cancelled",
  "identity_invalid",
  "invalid_response",
  "untrusted_issuer",
  "provider_unavailable",
  /** The provider says the person is under 18. */
  "minor",
  /** The identity has already verified as many accounts as the setting allows. */
  "identity_limit",
  /** The attempt took longer than its 15 minutes, or is not known. */
  "expired",
  "method_unavailable",
  /** Too many checks started from one account or address: try again later. */
  "limited",
] as const satisfies readonly (AgeProofFailure | string)[];
export type AgeCheckRefusal = (typeof AGE_CHECK_REFUSALS)[number];

export function isAgeCheckRefusal(code: string): code is AgeCheckRefusal {
  return (AGE_CHECK_REFUSALS as readonly string[]).includes(code);
}

/** What the account shows of a passed check: only that, how and when. */
export type AgeVerification = { method: AgeProofMethod; verifiedAt: string };

/** The refusal code the gates (a bid, a deal's payment, a shop order) answer for an unverified buyer. */
export const AGE_UNVERIFIED = "age_unverified";
