import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { AppEnv } from "./types.ts";

/** Hosts the tag manager needs (Google's CSP guide for Tag Manager with GA4). */
const TAG_MANAGER = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
};
/** Hosts reCAPTCHA v3 needs (Google's reCAPTCHA FAQ on CSP). */
const RECAPTCHA = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  connect: ["https://www.google.com/recaptcha/"],
};

/**
 * The policy of an HTML page. Scripts: our own files and inline scripts carrying this response's
 * nonce, plus the tag manager's and reCAPTCHA's hosts only when they are configured. Styles may be
 * inline: React renders `<style>` elements and style attributes on client navigations, where no
 * nonce can be attached, and the policy's job is to stop injected script. Images from our origin
 * (/img, /uploads), data: and blob: (previews of a chosen file). Workers only from our origin:
 * the service worker is /sw.js (ADR 0110); the ALTCHA proof of work runs on the page with
 * WebCrypto (ADR 0013) and needs none, and no blob: worker (how ALTCHA's widget bundles its own)
 * is allowed. The web app manifest only from our origin (manifest-src). No plugins, no foreign <base>, no
 * framing by other sites. form-action is left open: payment gateways receive a form post or a
 * redirect after one.
 */
export function contentSecurityPolicy(
  nonce: string,
  config: Pick<Config, "tagManagerId" | "recaptchaSiteKey" | "publicUrl">,
): string {
  const gtm = Boolean(config.tagManagerId);
  const recaptcha = Boolean(config.recaptchaSiteKey);
  const list = (...parts: (string[] | false)[]) => parts.flatMap((part) => part || []).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${list(["'self'", `'nonce-${nonce}'`], gtm && TAG_MANAGER.script, recaptcha && RECAPTCHA.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list(["'self'", "data:", "blob:"], gtm && TAG_MANAGER.img)}`,
    "font-src 'self' data:",
    `connect-src ${list(["'self'"], gtm && TAG_MANAGER.connect, recaptcha && RECAPTCHA.connect)}`,
    "media-src 'self' blob:",
    `frame-src ${recaptcha ? list(["'self'"], RECAPTCHA.frame) : "'self'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ];
  if (config.publicUrl.startsWith("https://")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

const randomNonce = () => randomBytes(16).toString("base64");

/**
 * A fresh nonce for every request (128 random bits), and the policy on every HTML response that
 * does not set its own (the development outbox and uploaded files have stricter ones).
 */
export function cspMiddleware(
  config: Pick<Config, "tagManagerId" | "recaptchaSiteKey" | "publicUrl">,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The JSON API has no inline script: only its docs page (/api/docs) is HTML.
    if (c.req.path.startsWith("/api/") && c.req.path !== "/api/docs") {
      c.set("cspNonce", "");
      await next();
      if (c.res.headers.get("content-type")?.startsWith("text/html"))
        c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(randomNonce(), config));
      return;
    }
    const nonce = randomNonce();
    c.set("cspNonce", nonce);
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (type.startsWith("text/html") && !c.res.headers.has("content-security-policy")) {
      c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, config));
    }
  };
}
