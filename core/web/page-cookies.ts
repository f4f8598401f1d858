import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./session-cookie.ts";

/**
 * Which request cookies change a page's HTML, in one place for the two sides that must agree: the
 * server render reads them (app/shell.server.ts: the consent bar, the popups, the age gate, the
 * currency) and the anonymous page cache keeps one copy per combination of their values
 * (server/http/page-cache.ts). A cookie the render starts to read must be added here, or the cache
 * would hand one visitor's variant to another.
 */
export const PAGE_VARIANT_COOKIES = [
  "cookies-show",
  "accept-technical",
  "accept-analytical",
  "accept-marketing",
  "accept-advertisement",
  "intro-popup",
  "top-banner",
  "currencyId",
  "age-confirmed",
] as const;

/**
 * Set for a few seconds after a browser's successful write when the site reads from a replica
 * (ADR 0099, server/http/fresh-reads.ts): its requests then read the primary, so it sees its change.
 */
export const WROTE_COOKIE = "wrote";

/**
 * The browser tests' clock for the monthly round's close (app/lib/diagnostics-now.server.ts): an
 * instant the monthly page reads its closing round at, honoured only when the server runs with
 * E2E_DIAGNOSTICS=1. A page read at another time is nobody else's, so it makes a page personal.
 */
export const DIAGNOSTICS_NOW_COOKIE = "diagnostics-now";

/**
 * Cookies that make a page personal: the session, a guest's cart (its count is in the header), a
 * guest's wishlist (its id is in the page's data) and a recent write's mark (its pages come from
 * the primary, not from a copy another visitor got from the replica). A request carrying one is
 * never served from or stored in a shared copy.
 */
export const PERSONAL_COOKIES = [
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  "cart",
  "guest-wishlist",
  WROTE_COOKIE,
  DIAGNOSTICS_NOW_COOKIE,
] as const;
