import { describe, expect, it } from "vitest";
import { buildAgeRequest, decodeSecret, encodeSecret } from "./request.ts";

const CALLBACK = "https://rarita.cz/api/age-check/callback/eu_wallet";

describe("the OpenID4VP authorization request", () => {
  it("carries a same-device direct_post request for the age attestation, by value", () => {
    const { redirectUrl, secret } = buildAgeRequest(
      { walletUrl: "openid4vp://authorize", clientId: undefined },
      { state: "attempt-1", callbackUrl: CALLBACK },
    );
    const url = new URL(redirectUrl);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe("openid4vp://authorize");
    const query = Object.fromEntries(url.searchParams);
    expect(query).toEqual({
      response_type: "vp_token",
      response_mode: "direct_post",
      client_id: `redirect_uri:${CALLBACK}`,
      response_uri: CALLBACK,
      nonce: secret.nonce,
      state: "attempt-1",
      dcql_query: expect.any(String),
      client_metadata: expect.any(String),
    });
    expect(JSON.parse(query.dcql_query)).toEqual({
      credentials: [
        {
          id: "age_over_18",
          format: "dc+sd-jwt",
          meta: { vct_values: ["urn:eudi:av:1", "eu.europa.ec.av.1"] },
          claims: [{ path: ["age_over_18"] }],
        },
      ],
    });
    expect(
      JSON.parse(query.client_metadata).vp_formats_supported["dc+sd-jwt"]["sd-jwt_alg_values"],
    ).toContain("ES256");
    expect(secret).toEqual({
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      clientId: `redirect_uri:${CALLBACK}`,
    });
  });

  it("uses a configured client id, keeps the wallet's own query, and draws a fresh nonce each time", () => {
    const options = { walletUrl: "https://wallet.example/authorize?lang=cs", clientId: "rarita.cz" };
    const first = buildAgeRequest(options, { state: "a", callbackUrl: CALLBACK });
    const second = buildAgeRequest(options, { state: "a", callbackUrl: CALLBACK });
    const query = new URL(first.redirectUrl).searchParams;
    expect(query.get("client_id")).toBe("rarita.cz");
    expect(query.get("lang")).toBe("cs");
    expect(first.secret.clientId).toBe("rarita.cz");
    expect(first.secret.nonce).not.toBe(second.secret.nonce);
  });

  it("keeps the secret as written and refuses anything else", () => {
    const secret = { nonce: "n".repeat(43), clientId: "rarita.cz" };
    expect(decodeSecret(encodeSecret(secret))).toEqual(secret);
    for (const bad of [
      "",
      "{}",
      "not json",
      JSON.stringify({ v: 2, ...secret }),
      JSON.stringify({ v: 1, nonce: "short", clientId: "x" }),
    ])
      expect(decodeSecret(bad)).toBeNull();
  });
});
