import { digest, ES256, generateSalt } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import type { JWK } from "jose";
import { AGE_VCT_VALUES } from "../request.ts";
import type { KeyPair } from "./keys.ts";

/**
 * The test issuer and the test wallet's presentation (ADR 0084): an SD-JWT VC of the EU age
 * attestation with `age_over_18` selectively disclosable and the holder's key in `cnf`, signed
 * by the issuer's key; then presented with only `age_over_18` disclosed and a key-binding JWT
 * signed by the holder's key over the verifier's nonce and client id.
 */
export const SIMULATOR_ISSUER = "https://age-issuer.simulator.rarita.test";
const DAY = 24 * 60 * 60;

export type IssueInput = {
  issuer: KeyPair;
  holder: KeyPair;
  adult: boolean;
  /** An attestation whose validity ended yesterday. */
  expired?: boolean;
  now?: number;
};

export async function issueAttestation(input: IssueInput): Promise<string> {
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const sdjwt = new SDJwtVcInstance({
    hasher: digest,
    saltGenerator: generateSalt,
    signer: await ES256.getSigner(input.issuer.privateJwk),
    signAlg: "ES256",
  });
  const iat = input.expired ? now - 400 * DAY : now - 60;
  const exp = input.expired ? now - DAY : now + 90 * DAY;
  const { kty, crv, x, y } = input.holder.publicJwk as Required<Pick<JWK, "kty" | "crv" | "x" | "y">>;
  return sdjwt.issue(
    {
      iss: SIMULATOR_ISSUER,
      vct: AGE_VCT_VALUES[0],
      iat,
      exp,
      cnf: { jwk: { kty, crv, x, y } },
      age_over_18: input.adult,
      issuing_country: "CZ",
    },
    { _sd: ["age_over_18", "issuing_country"] },
    { header: { kid: input.issuer.publicJwk.kid } },
  );
}

export type PresentInput = {
  credential: string;
  holder: KeyPair;
  nonce: string;
  audience: string;
  now?: number;
};

/** The presentation: `age_over_18` only, bound to this request by the holder's signature. */
export async function presentAttestation(input: PresentInput): Promise<string> {
  const sdjwt = new SDJwtVcInstance({
    hasher: digest,
    kbSigner: await ES256.getSigner(input.holder.privateJwk),
    kbSignAlg: "ES256",
  });
  return sdjwt.present<{ age_over_18: boolean; issuing_country: string }>(
    input.credential,
    { age_over_18: true },
    {
      kb: {
        payload: {
          iat: input.now ?? Math.floor(Date.now() / 1000),
          aud: input.audience,
          nonce: input.nonce,
        },
      },
    },
  );
}
