import type { BrowserContext, Page } from "@playwright/test";

/**
 * What the browser tests (tests/e2e) and the screenshot scripts (tests/screens) share: Debian's
 * Chromium with the same arguments, the cookies of a visitor who already answered consent and
 * age, and the login on the login target.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export type Account = { email: string; password: string };
export type Cookies = Record<string, string>;

/** Consent and age answered, the intro popup and the promo banner dismissed: only the page is seen. */
export const ANSWERED: Cookies = {
  "cookies-show": "hidden",
  "accept-technical": "true",
  "age-confirmed": "1",
  "intro-popup": "hidden",
  "top-banner": "hidden",
};

/** Stores `cookies` (by default every question answered) for the site at `baseURL`. */
export async function addSiteCookies(context: BrowserContext, baseURL: string, cookies: Cookies = ANSWERED) {
  const { hostname } = new URL(baseURL);
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, domain: hostname, path: "/" })),
  );
}

/**
 * Fills and sends the login target's form (/ucet, /en/account) on the page already open. The
 * submit button is found by its type, so it works in both languages.
 */
export async function submitLogin(page: Page, account: Account) {
  await page.locator("#login-email").fill(account.email);
  await page.locator("#login-password").fill(account.password);
  await page.locator("form:has(#login-email)").locator('button[type="submit"]').click();
}
