import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildAgeRequest } from "../request.ts";
import { startAgeWalletSimulator } from "./server.ts";
import { choicesOf, readForm } from "./test-fixtures.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-age-wallet-sim-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const CALLBACK = "http://localhost:3422/api/age-check/callback/eu_wallet";

describe("the test wallet", () => {
  it("shows the request's verifier and what it asks, escaped, with the four attestations and a refusal", async () => {
    const simulator = await startAgeWalletSimulator({ port: 0 });
    try {
      const { redirectUrl } = buildAgeRequest(
        { walletUrl: simulator.authorizeUrl, clientId: undefined },
        { state: '<script>alert("x")</script>', callbackUrl: CALLBACK },
      );
      const page = await fetch(redirectUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'nonce-");
      expect(page.headers.get("set-cookie")).toMatch(
        /^rarita_test_wallet=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/,
      );
      const html = await page.text();
      expect(html).toContain("Testovací peněženka EU");
      expect(html).toContain("<strong>localhost:3422</strong>");
      expect(html).toContain("věk 18+");
      expect(html).not.toContain('<script>alert("x")</script>');
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(choicesOf(html)).toEqual(["adult", "minor", "untrusted", "expired"]);
      expect(html).toContain('name="action" value="refuse"');
      expect(readForm(html).fields.state).toBe('<script>alert("x")</script>');
    } finally {
      await simulator.stop();
    }
  });

  it("refuses a malformed request with an error page naming what is wrong", async () => {
    const simulator = await startAgeWalletSimulator({ port: 0 });
    try {
      const { redirectUrl } = buildAgeRequest(
        { walletUrl: simulator.authorizeUrl, clientId: undefined },
        { state: "s", callbackUrl: CALLBACK },
      );
      const cases: [(query: URLSearchParams) => void, string][] = [
        [(q) => q.set("response_mode", "fragment"), "response_mode musí být direct_post"],
        [(q) => q.delete("nonce"), "nonce"],
        [
          (q) => q.set("client_id", "redirect_uri:https://evil.example/cb"),
          "se musí shodovat s response_uri",
        ],
        [(q) => q.set("response_uri", "javascript:alert(1)"), "response_uri"],
        [
          (q) =>
            q.set(
              "dcql_query",
              '{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":["urn:eudi:pid:1"]},"claims":[{"path":["family_name"]}]}]}',
            ),
          "nežádá osvědčení o věku",
        ],
        [(q) => q.set("request_uri", "https://evil.example/request"), "request_uri"],
      ];
      for (const [tamper, expected] of cases) {
        const url = new URL(redirectUrl);
        tamper(url.searchParams);
        const page = await fetch(url);
        expect(page.status).toBe(400);
        const html = await page.text();
        expect(html).toContain("Na tuto žádost peněženka neodpoví");
        expect(html).toContain(expected);
        expect(html).not.toContain("<form");
      }
      // A posted choice is checked again: a forged form gets no attestation.
      const forged = await fetch(simulator.authorizeUrl, {
        method: "POST",
        body: new URLSearchParams({ action: "present", choice: "adult", response_uri: CALLBACK }),
      });
      expect(forged.status).toBe(400);
    } finally {
      await simulator.stop();
    }
  });

  it("keeps its issuer's key in the data directory across restarts and serves it as a JWKS", async () => {
    const first = await startAgeWalletSimulator({ port: 0, dataDir });
    const trusted = first.trustedIssuers;
    const jwks = (await (await fetch(`${first.url}/jwks.json`)).json()) as { keys: unknown[] };
    await first.stop();
    expect(jwks).toEqual({ keys: trusted });
    expect(trusted[0]).not.toHaveProperty("d");
    expect(fs.statSync(path.join(dataDir, "keys.json")).mode & 0o777).toBe(0o600);
    const second = await startAgeWalletSimulator({ port: 0, dataDir });
    try {
      expect(second.trustedIssuers).toEqual(trusted);
    } finally {
      await second.stop();
    }
  });
});
