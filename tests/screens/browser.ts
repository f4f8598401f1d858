/**
 * What the screenshot scripts share (not part of the test suite): Debian's Chromium with the
 * arguments of the test runs, a Czech context at a given width with the consent and age questions
 * already answered, and the login on the login target.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";

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

export function launchScreensBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * A Czech context `width` px wide (900 px high unless told) holding `cookies`: by default all the
 * questions answered; a script that shoots the dialogs themselves passes fewer.
 */
export async function answeredContext(
  browser: Browser,
  baseUrl: string,
  width: number,
  { height = 900, cookies = ANSWERED }: { height?: number; cookies?: Cookies } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, locale: "cs-CZ" });
  const { hostname } = new URL(baseUrl);
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, domain: hostname, path: "/" })),
  );
  return context;
}

/** Fills and sends the login target's form on the page already open (the submit button by its type). */
export async function submitLogin(page: Page, account: Account) {
  await page.locator("#login-email").fill(account.email);
  await page.locator("#login-password").fill(account.password);
  await page.locator("form:has(#login-email)").locator('button[type="submit"]').click();
}

/**
 * Opens the login target (asking to be sent to `back` when given) and logs in. The caller waits
 * for what it needs next.
 */
export async function logIn(page: Page, baseUrl: string, account: Account, back?: string) {
  await page.goto(back ? `${baseUrl}/ucet?redirect=${encodeURIComponent(back)}` : `${baseUrl}/ucet`);
  await submitLogin(page, account);
}

/** A page of its own context, logged in and on the account overview. */
export async function signedIn(browser: Browser, baseUrl: string, width: number, account: Account) {
  const context = await answeredContext(browser, baseUrl, width);
  const page = await context.newPage();
  await logIn(page, baseUrl, account);
  await page.waitForURL(/\/ucet\/prehled/);
  return { context, page };
}
