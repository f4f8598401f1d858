import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { createBankIdentityProvider, isAdultOn } from "./oidc.ts";
import { type BankIdentitySimulator, startBankIdentitySimulator } from "./simulator/server.ts";

/**
 * The real adapter against the real simulator over HTTP: a browser's clicks through the
 * simulator's login page are made with fetch, carrying its cookies, up to the callback's address.
 */
const CALLBACK = "http://localhost:3999/overeni-veku/navrat";

type Browser = {
  get(url: string): Promise<Response>;
  post(url: string, form: Record<string, string>): Promise<Response>;
};

function browser(): Browser {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name.trim(), value.join("="));
    }
    return response;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    get: async (url) => keep(await fetch(url, { redirect: "manual", headers: { cookie: cookie() } })),
    post: async (url, form) =>
      keep(
        await fetch(url, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        }),
      ),
  };
}

/** Follows the provider's redirects from the authorization URL to the callback; answers its query. */
async function clickThrough(
  redirectUrl: string,
  choice: { person: string } | "cancel",
): Promise<Record<string, string>> {
  const b = browser();
  let response = await b.get(redirectUrl);
  let location = new URL(response.headers.get("location") ?? "", redirectUrl);
  const page = await (await b.get(location.href)).text();
  expect(page).toContain("Jana Dospělá");
  const action = choice === "cancel" ? `${location.pathname}/abort` : `${location.pathname}/login`;
  response = await b.post(new URL(action, location).href, choice === "cancel" ? {} : choice);
  for (let hops = 0; hops < 5; hops++) {
    location = new URL(response.headers.get("location") ?? "", location);
    if (location.href.startsWith(CALLBACK)) return Object.fromEntries(location.searchParams);
    response = await b.get(location.href);
  }
  throw new Error("the provider never sent the browser back");
}

describe("the bank identity adapter against the simulator", () => {
  let simulator: BankIdentitySimulator;
  let provider: AgeProofProvider;

  beforeAll(async () => {
    const clientSecret = randomBytes(16).toString("hex");
    simulator = await startBankIdentitySimulator({
      port: 0,
      clientId: "rarita",
      clientSecret,
      redirectUris: [CALLBACK],
    });
    provider = createBankIdentityProvider({
      issuer: simulator.issuer,
      clientId: "rarita",
      clientSecret,
      allowInsecure: true,
    });
  });
  afterAll(() => simulator.stop());

  async function attempt(
    choice: { person: string } | "cancel",
    tamper?: (params: Record<string, string>) => void,
  ) {
    const state = randomBytes(16).toString("base64url");
    const started = await provider.start({ state, callbackUrl: CALLBACK });
    expect(started.redirectUrl).toContain("code_challenge_method=S256");
    expect(started.secret).not.toContain(state);
    const params = await clickThrough(started.redirectUrl, choice);
    tamper?.(params);
    return provider.finish({ params, secret: started.secret, callbackUrl: CALLBACK, state });
  }

  it("says the adult is 18+ (from the birth date) with their subject, and nothing else", async () => {
    const answer = await attempt({ person: "adult" });
    expect(answer).toEqual({ ok: true, value: { adult: true, subject: "adult" } });
  });

  it("says the 17-year-old is not 18+", async () => {
    const answer = await attempt({ person: "minor" });
    expect(answer).toEqual({ ok: true, value: { adult: false, subject: "minor" } });
  });

  it("refuses a cancelled identity and a cancelled login", async () => {
    expect(await attempt({ person: "cancelled" })).toMatchObject({ ok: false, code: "identity_invalid" });
    expect(await attempt("cancel")).toMatchObject({ ok: false, code: "cancelled" });
  });

  it("refuses a response whose state was tampered with", async () => {
    const answer = await attempt({ person: "adult" }, (params) => {
      params.state = "someone-elses";
    });
    expect(answer).toMatchObject({ ok: false, code: "invalid_response" });
  });

  it("answers provider_unavailable when the issuer cannot be reached", async () => {
    const away = createBankIdentityProvider({
      issuer: "http://127.0.0.1:9",
      clientId: "rarita",
      clientSecret: "whatever-secret",
      allowInsecure: true,
    });
    const answer = await away.finish({
      params: { code: "x", state: "s" },
      secret: JSON.stringify({ verifier: "v", nonce: "n" }),
      callbackUrl: CALLBACK,
      state: "s",
    });
    expect(answer).toMatchObject({ ok: false, code: "provider_unavailable" });
  });
});

describe("the age from a birth date", () => {
  it("counts the 18th birthday in Prague's calendar", () => {
    expect(isAdultOn("2008-11-26", new Date("2026-11-25T22:59:00Z"))).toBe(false);
    expect(isAdultOn("2008-11-26", new Date("2026-11-25T23:01:00Z"))).toBe(true);
    expect(isAdultOn("not a date", new Date())).toBeNull();
  });
});
