/**
 * The port of an outside proof of age (issue 36, item 1): the Czech bank identity (OpenID Connect
 * in Bank iD's shape) and the EU age-verification attestation (OpenID4VP presenting an SD-JWT VC
 * `age_over_18`). Both are a redirect out and a response back, so both adapters answer this one
 * shape; the age-check module keeps the attempt (its `state`, the adapter's `secret`) and stores
 * only what `finish` answers reduced to "18+, by which method, when" and a salted hash of `subject`.
 */
import type { Result } from "#core/result.ts";

/** The ways to prove one's age, as stored and shown ("18+ ověřeno přes bankovní identitu"). */
export const AGE_PROOF_METHODS = ["bank_id", "eu_wallet"] as const;
export type AgeProofMethod = (typeof AGE_PROOF_METHODS)[number];

export interface AgeProofStartInput {
  /** An unguessable value the caller made for this attempt; it comes back with the response. */
  state: string;
  /** Where the provider sends the browser (or posts) its response: the caller's endpoint. */
  callbackUrl: string;
}

export interface AgeProofStarted {
  /** Where to send the browser now: the provider's authorization page or the wallet. */
  redirectUrl: string;
  /**
   * What the adapter needs again at `finish` (a PKCE verifier, a nonce), opaque to the caller,
   * which keeps it server-side with the attempt and never shows it to the browser.
   */
  secret: string;
}

export interface AgeProofFinishInput {
  /** The response's parameters as they arrived (a callback's query, or a wallet's posted form). */
  params: Record<string, string>;
  /** The attempt's `secret` from `start`. */
  secret: string;
  /** The same callback address `start` was given. */
  callbackUrl: string;
  /** The attempt's `state`, to check the response's against. */
  state: string;
}

export interface AgeProofAnswer {
  /** True when the provider says the person is 18 or older today; no birth date leaves the adapter. */
  adult: boolean;
  /**
   * A stable identifier of the person (or of the wallet's key) at this provider, which the caller
   * only ever stores salted and hashed, to limit how many accounts one identity verifies.
   */
  subject: string;
}

/**
 * Why a proof did not come: the person cancelled at the provider, the identity is no longer valid,
 * the response is not what was asked for (state, nonce, audience, signature, an untrusted issuer),
 * or the provider could not be reached.
 */
export const AGE_PROOF_FAILURES = [
  "cancelled",
  "identity_invalid",
  "invalid_response",
  "untrusted_issuer",
  "provider_unavailable",
] as const;
export type AgeProofFailure = (typeof AGE_PROOF_FAILURES)[number];

export interface AgeProofProvider {
  readonly method: AgeProofMethod;
  start(input: AgeProofStartInput): Promise<AgeProofStarted>;
  finish(input: AgeProofFinishInput): Promise<Result<AgeProofAnswer, AgeProofFailure>>;
}
