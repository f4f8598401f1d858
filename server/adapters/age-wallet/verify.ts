import { digest } from "@sd-jwt/crypto-nodejs";
import { SDJwtVcInstance, type VerificationResult } from "@sd-jwt/sd-jwt-vc";
import { calculateJwkThumbprint, compactVerify, importJWK, type JWK } from "jose";
import type { AgeProofAnswer, AgeProofFailure } from "#core/contracts/age-proof.ts";
import { err, ok, type Result } from "#core/result.ts";
import { ACCEPTED_ALGS, AGE_VCT_VALUES, type AgeRequestSecret } from "./request.ts";

/**
 * The verification of one presented attestation (ADR 0084): the issuer's signature against the
 * trusted issuers' keys, the credential's validity and type, the key-binding JWT (the holder's
 * signature with the `cnf` key, the attempt's nonce, the verifier's client id as audience, a recent
 * `iat`, the `sd_hash` over what was presented) and the disclosed `age_over_18`. Every signature
 * is checked by `jose` on the key named here; nothing the presentation says picks a key that is
 * not in the trusted list.
 */

/** How far the clocks of the wallet, the issuer and this server may disagree. */
const SKEW_SECONDS = 60;
/** How old the key-binding JWT may be: it is made when the person presses the wallet's button. */
const KB_MAX_AGE_SECONDS = 5 * 60;

export type TrustedIssuerKey = JWK;

/** A JWT's header (of `header.payload` or of the whole token), unverified; throws when garbled. */
function headerOf(token: string): { alg?: unknown; kid?: unknown } {
  const header = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8")) as unknown;
  if (!header || typeof header !== "object" || Array.isArray(header)) throw new Error("not a JWT header");
  return header as { alg?: unknown; kid?: unknown };
}

async function signatureValid(key: JWK, data: string, signature: string): Promise<boolean> {
  try {
    const alg = headerOf(data).alg;
    if (typeof alg !== "string" || !(ACCEPTED_ALGS as readonly string[]).includes(alg)) return false;
    if (key.alg && key.alg !== alg) return false;
    const imported = await importJWK(key, alg);
    await compactVerify(`${data}.${signature}`, imported, { algorithms: [...ACCEPTED_ALGS] });
    return true;
  } catch {
    return false;
  }
}

/**
 * The trusted keys the issuer's JWT may be signed with: with a `kid`, the key of that `kid` and
 * those listed without one; without a `kid`, all. `named`: a trusted key carries the JWT's `kid`.
 */
function candidateKeys(trusted: readonly JWK[], issuerJwt: string): { keys: JWK[]; named: boolean } {
  const { kid } = headerOf(issuerJwt);
  if (kid === undefined) return { keys: [...trusted], named: false };
  const named = trusted.filter((key) => key.kid === kid);
  return { keys: [...named, ...trusted.filter((key) => key.kid === undefined)], named: named.length > 0 };
}

/** The holder's public key from the credential's `cnf` claim (RFC 7800), or null. */
function holderKey(payload: unknown): JWK | null {
  const cnf = (payload as { cnf?: { jwk?: unknown } } | null)?.cnf;
  const jwk = cnf?.jwk;
  if (!jwk || typeof jwk !== "object" || Array.isArray(jwk)) return null;
  if ("d" in jwk || typeof (jwk as JWK).kty !== "string") return null;
  return jwk as JWK;
}

async function firstVerifying(keys: readonly JWK[], data: string, signature: string): Promise<JWK | null> {
  for (const key of keys) if (await signatureValid(key, data, signature)) return key;
  return null;
}

function instance(keys: JWK[]) {
  return new SDJwtVcInstance({
    hasher: digest,
    verifier: async (data, signature) => (await firstVerifying(keys, data, signature)) !== null,
    kbVerifier: async (data, signature, payload) => {
      const key = holderKey(payload);
      return key !== null && (await signatureValid(key, data, signature));
    },
  });
}

/** The one presentation in a `vp_token` (a JSON object keyed by the credential query's id), or null. */
export function presentationOf(vpToken: string | undefined, queryId: string): string | null {
  if (!vpToken) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(vpToken);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const entry = (parsed as Record<string, unknown>)[queryId];
  // OpenID4VP 1.0 answers an array per query; some wallets of the drafts answer the string itself.
  const list = Array.isArray(entry) ? entry : [entry];
  if (list.length !== 1 || typeof list[0] !== "string" || !list[0].includes("~")) return null;
  return list[0];
}

function checkClaims(
  result: VerificationResult,
  secret: AgeRequestSecret,
  now: number,
): Result<{ adult: boolean }, "invalid_response"> {
  const { payload, kb, header } = result;
  if (header?.typ !== "dc+sd-jwt" && header?.typ !== "vc+sd-jwt") return err("invalid_response");
  if (typeof payload.exp !== "number") return err("invalid_response");
  if (!(AGE_VCT_VALUES as readonly string[]).includes(payload.vct)) return err("invalid_response");
  if (!kb || kb.payload.aud !== secret.clientId || kb.payload.nonce !== secret.nonce)
    return err("invalid_response");
  const iat = kb.payload.iat;
  if (typeof iat !== "number" || iat > now + SKEW_SECONDS || iat < now - KB_MAX_AGE_SECONDS)
    return err("invalid_response");
  const adult = (payload as Record<string, unknown>).age_over_18;
  if (typeof adult !== "boolean") return err("invalid_response");
  return ok({ adult });
}

/**
 * Verifies one presentation against the trusted issuers' keys and the attempt's secret. The
 * subject is the RFC 7638 thumbprint of the holder's key: the attestation names nobody.
 */
export async function verifyAgePresentation(
  presentation: string,
  trusted: readonly JWK[],
  secret: AgeRequestSecret,
  now: number = Math.floor(Date.now() / 1000),
): Promise<Result<AgeProofAnswer, AgeProofFailure>> {
  const issuerJwt = presentation.split("~")[0];
  let candidates: { keys: JWK[]; named: boolean };
  try {
    candidates = candidateKeys(trusted, issuerJwt);
  } catch {
    return err("invalid_response");
  }
  // The issuer's signature first, to tell an unknown issuer from a presentation gone wrong: a
  // trusted key named by the JWT's `kid` that does not verify it is a forgery or damage; no
  // trusted key verifying it otherwise is an issuer nobody configured.
  const dot = issuerJwt.lastIndexOf(".");
  const issuerKey = await firstVerifying(candidates.keys, issuerJwt.slice(0, dot), issuerJwt.slice(dot + 1));
  if (!issuerKey) return err(candidates.named ? "invalid_response" : "untrusted_issuer");
  let result: VerificationResult;
  try {
    result = await instance([issuerKey]).verify(presentation, {
      keyBindingNonce: secret.nonce,
      currentDate: now,
      skewSeconds: SKEW_SECONDS,
      requiredClaimKeys: ["age_over_18"],
    });
  } catch {
    return err("invalid_response");
  }
  const checked = checkClaims(result, secret, now);
  if (!checked.ok) return checked;
  const key = holderKey(result.payload);
  if (!key) return err("invalid_response");
  return ok({ adult: checked.value.adult, subject: await calculateJwkThumbprint(key, "sha256") });
}
