import { randomBytes } from "node:crypto";

/**
 * The verifier's half of an OpenID4VP 1.0 same-device presentation (ADR 0084): the authorization
 * request Rarita sends the wallet, passed by value in the wallet's address, and the secret the
 * attempt keeps until the wallet's response arrives. The request asks, through a DCQL query, for
 * one SD-JWT VC of the EU age-verification type disclosing `age_over_18` and nothing else.
 */

/**
 * The credential types (`vct`) of the EU proof-of-age attestation as an SD-JWT VC. The blueprint
 * (av-doc-technical-specification) defines the attestation as an ISO mdoc of docType
 * `eu.europa.ec.av.1`; its SD-JWT VC form follows the EUDI naming of the PID (`urn:eudi:pid:1`)
 * as `urn:eudi:av:1`. Both names are asked for and accepted.
 */
export const AGE_VCT_VALUES = ["urn:eudi:av:1", "eu.europa.ec.av.1"] as const;

/** The id of the one credential query, the key of the response's `vp_token` object. */
export const CREDENTIAL_QUERY_ID = "age_over_18";

/** The prefix OpenID4VP 1.0 gives a verifier identified by its own response address. */
export const REDIRECT_URI_PREFIX = "redirect_uri:";

/** The algorithms the verifier accepts for the issuer's and the holder's signatures. */
export const ACCEPTED_ALGS = ["ES256", "ES384", "ES512", "EdDSA"] as const;

export type AgeRequestOptions = {
  /** The wallet's authorization endpoint (`openid4vp://`, an https wallet, the simulator's page). */
  walletUrl: string;
  /**
   * A client id the wallet knows the verifier by (pre-registered); unset: `redirect_uri:` followed
   * by the response address, which OpenID4VP 1.0 allows for an unsigned request.
   */
  clientId: string | undefined;
};

/** What the attempt keeps until the response: never shown to the browser. */
export type AgeRequestSecret = { nonce: string; clientId: string };

export function dcqlQuery() {
  return {
    credentials: [
      {
        id: CREDENTIAL_QUERY_ID,
        format: "dc+sd-jwt",
        meta: { vct_values: [...AGE_VCT_VALUES] },
        claims: [{ path: ["age_over_18"] }],
      },
    ],
  };
}

/** The verifier's metadata, passed in the request (required with the `redirect_uri:` prefix). */
export function clientMetadata() {
  return {
    vp_formats_supported: {
      "dc+sd-jwt": { "sd-jwt_alg_values": [...ACCEPTED_ALGS], "kb-jwt_alg_values": [...ACCEPTED_ALGS] },
    },
  };
}

export function clientIdFor(options: Pick<AgeRequestOptions, "clientId">, responseUri: string): string {
  return options.clientId ?? `${REDIRECT_URI_PREFIX}${responseUri}`;
}

/**
 * The authorization request for one attempt: the wallet's address with the request's parameters
 * in its query, and the secret (a fresh nonce, the client id) to check the response against.
 */
export function buildAgeRequest(
  options: AgeRequestOptions,
  input: { state: string; callbackUrl: string },
): { redirectUrl: string; secret: AgeRequestSecret } {
  const nonce = randomBytes(32).toString("base64url");
  const clientId = clientIdFor(options, input.callbackUrl);
  const url = new URL(options.walletUrl);
  const params: Record<string, string> = {
    response_type: "vp_token",
    response_mode: "direct_post",
    client_id: clientId,
    response_uri: input.callbackUrl,
    nonce,
    state: input.state,
    dcql_query: JSON.stringify(dcqlQuery()),
    client_metadata: JSON.stringify(clientMetadata()),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { redirectUrl: url.href, secret: { nonce, clientId } };
}

export function encodeSecret(secret: AgeRequestSecret): string {
  return JSON.stringify({ v: 1, nonce: secret.nonce, clientId: secret.clientId });
}

/** The secret as `start` wrote it, or null for anything else. */
export function decodeSecret(secret: string): AgeRequestSecret | null {
  try {
    const parsed = JSON.parse(secret) as { v?: unknown; nonce?: unknown; clientId?: unknown };
    if (parsed.v !== 1 || typeof parsed.nonce !== "string" || typeof parsed.clientId !== "string")
      return null;
    if (parsed.nonce.length < 16 || !parsed.clientId) return null;
    return { nonce: parsed.nonce, clientId: parsed.clientId };
  } catch {
    return null;
  }
}
