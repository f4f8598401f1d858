import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";

/**
 * What the browser tests (tests/e2e) and the screenshot scripts (tests/screens) share: Debian's
 * Chromium with the same arguments, the cookies of a visitor who already answered consent and
 * age, and the login on the login target.
 */
/** Debian's full Chromium: what Lighthouse audits (it wants the new headless mode, ADR 0124). */
export const CHROMIUM_FULL = "/usr/bin/chromium";
/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell), when installed:
 * the same Blink and V8 without the full browser's machinery, as Playwright itself runs headless
 * tests. On the 2-core CI machine it took the browser suite from 24.2 to 17.7 minutes (ADR 0124).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_LAUNCH = {
  executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_FULL,
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
 * Fills the registration form (/registrace) with a Czech collector and ticks the consents; the
 * caller sends it. The labels are the Czech ones.
 */
export async function fillRegistration(
  page: Page,
  values: { email: string; username: string; password: string },
) {
  const form = page.getByTestId("register-form");
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(values.email);
  await form.getByRole("textbox", { name: "Uživatelské jméno", exact: true }).fill(values.username);
  await form.getByRole("textbox", { name: "Heslo", exact: true }).fill(values.password);
  await form.getByRole("textbox", { name: "Heslo znovu", exact: true }).fill(values.password);
  await form.getByRole("textbox", { name: "Jméno", exact: true }).fill("Karel");
  await form.getByRole("textbox", { name: "Příjmení", exact: true }).fill("Sběratel");
  await form.getByLabel(/Souhlasím s/).check();
  await form.getByLabel(/alespoň 18 let/).check();
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

/**
 * Regions drawn when near the window (ADR 0152) stay undrawn in a full-page screenshot, which
 * widens the window without scrolling: the screenshot helpers for people add this rule first.
 */
export const DRAW_EVERY_REGION = '[style*="content-visibility"]{content-visibility:visible!important}';
