import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { DIAGNOSTICS_NOW_COOKIE } from "#core/web/page-cookies.ts";

/**
 * The instant a browser test asks a page to be read at (the `diagnostics-now` cookie, an ISO
 * instant), so that it sees the monthly round's close without waiting for the month's last evening
 * (tests/e2e/deals-buy-now.spec.ts). Like the `/__diagnostics` routes it exists only when the server runs
 * with E2E_DIAGNOSTICS=1; otherwise, or without the cookie, undefined: the page reads at the real
 * time. The cookie is a personal one (core/web/page-cookies.ts), so no shared copy keeps that page.
 */
export function diagnosticsNow(request: Request): Date | undefined {
  if (process.env.E2E_DIAGNOSTICS !== "1") return undefined;
  const value = parseCookieHeader(request.headers.get("cookie"))[DIAGNOSTICS_NOW_COOKIE];
  if (!value) return undefined;
  const at = new Date(decodeURIComponent(value));
  return Number.isNaN(at.getTime()) ? undefined : at;
}
