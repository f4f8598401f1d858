/**
 * The age check's public face (issue 36, item 1; ADR 0083; docs/product/trust.md, "Age check"):
 * an account (or a guest's one checkout) proves being 18+ through a provider of the
 * `AgeProofProvider` port (the bank identity, the EU wallet), handed in as a list by the wiring.
 * Its tables `age_verifications` and `age_check_attempts` stay inside.
 *
 *   start({ method, owner, returnPath, ... }) -> ok({ redirectUrl }) | err(refusal)
 *   finish(params, callbackUrl) -> ok({ returnPath, locale }) | err(refusal, { returnPath, locale })
 *   verificationOf(userId) -> { method, verifiedAt } | null;  isVerified(userId)
 *   checkoutCleared(checkoutKey);  clearOrder(tx, { userId, checkoutKey })   (the shop's gate)
 */

export {
  type AgeCheckOwner,
  ATTEMPT_MINUTES,
  type AttemptReturn,
  type FinishResult,
  subjectHashOf,
} from "./attempts.ts";
export { createAgeCheckPersonalData } from "./personal-data.ts";
export { ageProofSql } from "./reads.ts";
export { type AgeCheckService, type AgeCheckServiceDeps, createAgeCheckService } from "./service.ts";
