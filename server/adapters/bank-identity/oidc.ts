import * as client from "openid-client";
import type {
  AgeProofAnswer,
  AgeProofFailure,
  AgeProofFinishInput,
  AgeProofProvider,
  AgeProofStarted,
  AgeProofStartInput,
} from "#core/contracts/age-proof.ts";
import { err, ok, type Result } from "#core/result.ts";

/**
 * The bank identity adapter (issue 36, ADR 0083): OpenID Connect in the shape of the Czech Bank iD,
 * on `openid-client`'s functional API. Authorization code with PKCE (S256), state and nonce made per
 * attempt and checked on the way back; the age is read from the userinfo (`majority`, else computed
 * from `birthdate` here), and only "18+ or not" and the `sub` leave the adapter: never the date.
 */
export type BankIdentityOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The scopes asked for; Bank iD's for the age by default. */
  scopes?: string[];
  /** Plain http for the local simulator's issuer only. */
  allowInsecure?: boolean;
  /** Today, for the age; tests pass their own. */
  now?: () => Date;
};

const DEFAULT_SCOPES = ["openid", "profile.birthdate", "profile.legalstatus"];

type Secret = { verifier: string; nonce: string };

/** Whole years between a birth date (YYYY-MM-DD) and `today`, by the calendar (Prague's day). */
export function isAdultOn(birthdate: string, today: Date): boolean | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Prague" }).format(today);
  const [ty, tm, td] = local.split("-").map(Number);
  const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
  return age >= 18;
}

/** Whether the person is 18+ by the userinfo's claims; null when it says neither. */
function adultFrom(claims: Record<string, unknown>, today: Date): boolean | null {
  if (typeof claims.majority === "boolean") return claims.majority;
  if (typeof claims.age_over_18 === "boolean") return claims.age_over_18;
  if (typeof claims.birthdate === "string") return isAdultOn(claims.birthdate, today);
  return null;
}

/** A library or network failure as the port's failure. */
export function failureOf(error: unknown): AgeProofFailure {
  if (error instanceof client.AuthorizationResponseError)
    return error.error === "access_denied" ? "cancelled" : "invalid_response";
  if (error instanceof client.WWWAuthenticateChallengeError) return "identity_invalid";
  if (error instanceof client.ResponseBodyError)
    return error.status >= 500 ? "provider_unavailable" : "invalid_response";
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code;
  if (error instanceof TypeError || (code && /^E[A-Z]+/.test(code))) return "provider_unavailable";
  if ((error as { code?: string }).code === "OAUTH_RESPONSE_IS_NOT_CONFORM") return "provider_unavailable";
  return "invalid_response";
}

export function createBankIdentityProvider(options: BankIdentityOptions): AgeProofProvider {
  let configuration: Promise<client.Configuration> | null = null;
  const configured = () => {
    configuration ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        options.clientSecret,
        client.ClientSecretBasic(options.clientSecret),
        options.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        // A failed discovery is tried again at the next attempt, not remembered.
        configuration = null;
        throw error;
      });
    return configuration;
  };
  const now = options.now ?? (() => new Date());

  return {
    method: "bank_id",
    async start({ state, callbackUrl }: AgeProofStartInput): Promise<AgeProofStarted> {
      const config = await configured();
      const verifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const redirectUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: (options.scopes ?? DEFAULT_SCOPES).join(" "),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
        prompt: "login",
      });
      return { redirectUrl: redirectUrl.href, secret: JSON.stringify({ verifier, nonce } satisfies Secret) };
    },

    async finish(input: AgeProofFinishInput): Promise<Result<AgeProofAnswer, AgeProofFailure>> {
      let secret: Secret;
      try {
        secret = JSON.parse(input.secret) as Secret;
      } catch {
        return err("invalid_response");
      }
      // The provider's own answer of a refusal, before anything is fetched.
      if (input.params.error)
        return err(input.params.error === "access_denied" ? "cancelled" : "invalid_response");
      if (input.params.state !== input.state) return err("invalid_response");
      try {
        const config = await configured();
        const current = new URL(input.callbackUrl);
        for (const [key, value] of Object.entries(input.params)) current.searchParams.set(key, value);
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: secret.verifier,
          expectedNonce: secret.nonce,
          expectedState: input.state,
          idTokenExpected: true,
        });
        const subject = tokens.claims()?.sub;
        if (!subject) return err("invalid_response");
        const claims = await client.fetchUserInfo(config, tokens.access_token, subject);
        const adult = adultFrom(claims, now());
        if (adult === null) return err("invalid_response");
        return ok({ adult, subject });
      } catch (error) {
        return err(failureOf(error));
      }
    },
  };
}
