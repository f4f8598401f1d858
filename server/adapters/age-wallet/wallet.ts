import type { JWK } from "jose";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { err } from "#core/result.ts";
import {
  type AgeRequestOptions,
  buildAgeRequest,
  CREDENTIAL_QUERY_ID,
  decodeSecret,
  encodeSecret,
} from "./request.ts";
import { presentationOf, verifyAgePresentation } from "./verify.ts";

export type AgeWalletOptions = AgeRequestOptions & {
  /** The public keys of the attestation issuers Rarita trusts (a JWKS's `keys`). */
  trustedIssuers: readonly JWK[];
};

/**
 * The EU age attestation as an `AgeProofProvider` (ADR 0084): `start` sends the browser to the
 * wallet with an OpenID4VP request, `finish` verifies what the wallet posted back to the
 * callback (`vp_token` and `state`, or `error`).
 */
export function createAgeWallet(options: AgeWalletOptions): AgeProofProvider {
  return {
    method: "eu_wallet",
    async start({ state, callbackUrl }) {
      const { redirectUrl, secret } = buildAgeRequest(options, { state, callbackUrl });
      return { redirectUrl, secret: encodeSecret(secret) };
    },
    async finish({ params, secret, state }) {
      const kept = decodeSecret(secret);
      if (!kept || !state || params.state !== state) return err("invalid_response");
      if (params.error !== undefined)
        return err(params.error === "access_denied" ? "cancelled" : "invalid_response");
      const presentation = presentationOf(params.vp_token, CREDENTIAL_QUERY_ID);
      if (!presentation) return err("invalid_response");
      return verifyAgePresentation(presentation, options.trustedIssuers, kept);
    },
  };
}
