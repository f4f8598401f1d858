import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, cspMiddleware } from "./csp.ts";
import type { AppEnv } from "./types.ts";

const base = { tagManagerId: undefined, recaptchaSiteKey: undefined, publicUrl: "http://localhost:3000" };

function app(config = base) {
  const hono = new Hono<AppEnv>();
  hono.use(cspMiddleware(config));
  hono.get("/page", (c) => c.html(`<script nonce="${c.get("cspNonce")}"></script>`));
  hono.get("/api/x", (c) => c.json({ ok: true }));
  hono.get("/own", (c) => {
    c.header("Content-Security-Policy", "default-src 'none'");
    return c.html("<p>own</p>");
  });
  return hono;
}

describe("Content-Security-Policy", () => {
  it("puts a fresh nonce into the policy of every HTML page, the same one the page's scripts carry", async () => {
    const first = await app().request("/page");
    const second = await app().request("/page");
    const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];
    const firstNonce = nonceOf(first.headers.get("content-security-policy"));
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await first.text()).toContain(`nonce="${firstNonce}"`);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(firstNonce);
  });

  it("leaves JSON and responses with their own policy alone", async () => {
    expect((await app().request("/api/x")).headers.get("content-security-policy")).toBeNull();
    expect((await app().request("/own")).headers.get("content-security-policy")).toBe("default-src 'none'");
  });

  it("allows only our own scripts and the nonce, and the tag manager and reCAPTCHA hosts only when configured", () => {
    const plain = contentSecurityPolicy("N", base);
    expect(plain).toContain("script-src 'self' 'nonce-N';");
    expect(plain).toContain("object-src 'none'");
    expect(plain).toContain("base-uri 'self'");
    expect(plain).toContain("img-src 'self' data: blob:;");
    // The proof of work (ALTCHA, solved with WebCrypto on the page) needs no worker, and no blob: one.
    expect(plain).toContain("worker-src 'self';");
    expect(plain).not.toContain("wasm-unsafe-eval");
    expect(plain).not.toContain("google");
    expect(plain).not.toContain("unsafe-eval");
    expect(plain).not.toMatch(/script-src[^;]*unsafe-inline/);

    const configured = contentSecurityPolicy("N", {
      tagManagerId: "GTM-ABC123",
      recaptchaSiteKey: "site-key-123456",
      publicUrl: "https://rarita.example",
    });
    expect(configured).toMatch(
      /script-src 'self' 'nonce-N' https:\/\/www\.googletagmanager\.com https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
    );
    expect(configured).toContain(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(configured).toContain("upgrade-insecure-requests");
  });
});
