import type { ConsentCookie } from "#app/lib/consent.ts";
import { parseCookieHeader, serializeCookie } from "#core/web/cookie-header.ts";

/** The browser's cookies as a name -> value map (empty on the server). */
export function readBrowserCookies(): Record<string, string> {
  if (typeof document === "undefined") return {};
  return parseCookieHeader(document.cookie);
}

/** Stores (max age > 0) or deletes (max age 0) a client cookie on path /. */
export function writeBrowserCookie({ name, value, maxAgeSeconds }: ConsentCookie): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the consent and popup cookies are plain client cookies the server reads back (shell.cookies); the Cookie Store API is not in every browser.
  document.cookie = serializeCookie(name, value, {
    maxAgeSeconds,
    secure: window.location.protocol === "https:",
  });
}
