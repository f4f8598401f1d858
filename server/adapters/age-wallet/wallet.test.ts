import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { type AgeWalletSimulator, startAgeWalletSimulator } from "./simulator/server.ts";
import { type PostedForm, walletBrowser } from "./simulator/test-fixtures.ts";
import { createAgeWallet } from "./wallet.ts";

// The verifier against the test wallet over real HTTP: start() → the wallet's page → the person's
// choice → the form the browser posts to the callback → finish().
const CALLBACK = "http://localhost:3420/api/age-check/callback/eu_wallet";
let simulator: AgeWalletSimulator;
let wallet: AgeProofProvider;

beforeAll(async () => {
  simulator = await startAgeWalletSimulator({ port: 0 });
  wallet = createAgeWallet({
    walletUrl: simulator.authorizeUrl,
    clientId: undefined,
    trustedIssuers: simulator.trustedIssuers,
  });
});
afterAll(() => simulator.stop());

async function attempt(state = `state-${Math.random().toString(36).slice(2)}`) {
  const started = await wallet.start({ state, callbackUrl: CALLBACK });
  return { ...started, state };
}

const finish = (posted: PostedForm, started: { secret: string; state: string }) =>
  wallet.finish({
    params: posted.fields,
    secret: started.secret,
    callbackUrl: CALLBACK,
    state: started.state,
  });

describe("the EU age attestation through the test wallet", () => {
  it("proves an adult, with the same subject for the same wallet and another for another key", async () => {
    const browser = walletBrowser();
    const first = await attempt();
    const posted = await browser.answer(first.redirectUrl, { action: "present", choice: "adult" });
    expect(posted.action).toBe(CALLBACK);
    expect(Object.keys(posted.fields).sort()).toEqual(["state", "vp_token"]);
    const proved = await finish(posted, first);
    expect(proved).toEqual({
      ok: true,
      value: { adult: true, subject: expect.stringMatching(/^[\w-]{43}$/) },
    });

    const second = await attempt();
    const again = await finish(await browser.answer(second.redirectUrl, { action: "present" }), second);
    expect(again.ok && again.value.subject).toBe(proved.ok && proved.value.subject);

    const third = await attempt();
    const renewed = await finish(
      await browser.answer(third.redirectUrl, { action: "present", choice: "adult", renewKey: true }),
      third,
    );
    expect(renewed.ok && renewed.value.adult).toBe(true);
    expect(renewed.ok && renewed.value.subject).not.toBe(proved.ok && proved.value.subject);

    const other = await attempt();
    const stranger = await finish(
      await walletBrowser().answer(other.redirectUrl, { action: "present" }),
      other,
    );
    expect(stranger.ok && stranger.value.subject).not.toBe(proved.ok && proved.value.subject);
  });

  it("answers a minor's attestation as not adult", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, { action: "present", choice: "minor" });
    expect(await finish(posted, started)).toEqual({
      ok: true,
      value: { adult: false, subject: expect.any(String) },
    });
  });

  it("refuses an attestation from an issuer not in the trusted list", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, {
      action: "present",
      choice: "untrusted",
    });
    expect(await finish(posted, started)).toMatchObject({ ok: false, code: "untrusted_issuer" });
  });

  it("trusts a listed key without a kid, and still no other issuer", async () => {
    const unnamed = createAgeWallet({
      walletUrl: simulator.authorizeUrl,
      clientId: undefined,
      trustedIssuers: simulator.trustedIssuers.map(({ kid: _kid, ...key }) => key),
    });
    for (const [choice, expected] of [
      ["adult", { ok: true }],
      ["untrusted", { ok: false, code: "untrusted_issuer" }],
    ] as const) {
      const state = `unnamed-${choice}`;
      const started = await unnamed.start({ state, callbackUrl: CALLBACK });
      const posted = await walletBrowser().answer(started.redirectUrl, { action: "present", choice });
      expect(
        await unnamed.finish({ params: posted.fields, secret: started.secret, callbackUrl: CALLBACK, state }),
      ).toMatchObject(expected);
    }
  });

  it("refuses an expired attestation", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, {
      action: "present",
      choice: "expired",
    });
    expect(await finish(posted, started)).toMatchObject({ ok: false, code: "invalid_response" });
  });

  it("answers a refusal at the wallet as cancelled", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, { action: "refuse" });
    expect(posted.fields).toEqual({ error: "access_denied", state: started.state });
    expect(await finish(posted, started)).toMatchObject({ ok: false, code: "cancelled" });
  });

  it("refuses a response made for another attempt's nonce, even with the same state", async () => {
    const first = await attempt("shared-state");
    const second = await attempt("shared-state");
    const posted = await walletBrowser().answer(first.redirectUrl, { action: "present" });
    expect(await finish(posted, second)).toMatchObject({ ok: false, code: "invalid_response" });
    expect(await finish(posted, first)).toMatchObject({ ok: true });
  });

  it("refuses a presentation bound to another verifier (audience)", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, { action: "present" }, (query) =>
      query.set("client_id", "another-verifier.example"),
    );
    expect(await finish(posted, started)).toMatchObject({ ok: false, code: "invalid_response" });
  });

  it("refuses a tampered disclosure (a minor's age_over_18 rewritten to true)", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, { action: "present", choice: "minor" });
    const token = JSON.parse(posted.fields.vp_token) as Record<string, string[]>;
    const [jwt, ...rest] = token.age_over_18[0].split("~");
    const parts = rest.map((part) => {
      const decoded =
        part.includes(".") || !part
          ? null
          : (JSON.parse(Buffer.from(part, "base64url").toString()) as unknown[]);
      if (decoded?.[1] !== "age_over_18") return part;
      return Buffer.from(JSON.stringify([decoded[0], "age_over_18", true])).toString("base64url");
    });
    expect(parts).not.toEqual(rest);
    const forged = {
      ...posted.fields,
      vp_token: JSON.stringify({ age_over_18: [[jwt, ...parts].join("~")] }),
    };
    expect(await finish({ ...posted, fields: forged }, started)).toMatchObject({
      ok: false,
      code: "invalid_response",
    });
  });

  it("refuses a broken issuer signature, a wrong state and a missing or garbled vp_token", async () => {
    const started = await attempt();
    const posted = await walletBrowser().answer(started.redirectUrl, { action: "present" });
    const token = (JSON.parse(posted.fields.vp_token) as Record<string, string[]>).age_over_18[0];
    const signatureEnd = token.indexOf("~");
    const flipped = token[signatureEnd - 2] === "A" ? "B" : "A";
    const broken = `${token.slice(0, signatureEnd - 2)}${flipped}${token.slice(signatureEnd - 1)}`;
    const cases: Record<string, string>[] = [
      { vp_token: JSON.stringify({ age_over_18: [broken] }), state: started.state },
      { ...posted.fields, state: "another-state" },
      { state: started.state },
      { vp_token: "not json", state: started.state },
      { vp_token: JSON.stringify({ other: [token] }), state: started.state },
      { vp_token: JSON.stringify({ age_over_18: [token, token] }), state: started.state },
      { error: "server_error", state: started.state },
    ];
    for (const params of cases)
      expect(
        await finish({ action: CALLBACK, fields: params }, started),
        JSON.stringify(params),
      ).toMatchObject({
        ok: false,
        code: "invalid_response",
      });
    // The same response, untouched, proves: the refusals above are the changes'.
    expect(await finish(posted, started)).toMatchObject({ ok: true });
  });
});
