import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

/** The demo accounts the seed creates (server/db/seed/users-data.ts). */
export const DEMO = {
  buyer: { email: "kupec@rarita.test", password: "demo-kupec" },
  seller: { email: "prodejce@rarita.test", password: "demo-prodejce" },
  admin: { email: "admin@rarita.test", password: "demo-spravce" },
};

/**
 * Consent and age were already answered and the popups dismissed: pages open without the cookie
 * bar, the age dialog, the intro popup or the promo banner in the way. Tests of those dialogs use the plain `@playwright/test` instead.
 */
export async function answerConsent(context: BrowserContext, baseURL: string) {
  const url = new URL(baseURL);
  await context.addCookies(
    [
      "cookies-show:hidden",
      "accept-technical:true",
      "age-confirmed:1",
      "intro-popup:hidden",
      "top-banner:hidden",
    ].map((pair) => {
      const [name, value] = pair.split(":");
      return { name, value, domain: url.hostname, path: "/" };
    }),
  );
}

export type Account = { email: string; password: string };

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
 * Logs in on the login target. With `back`, it asks to be sent there and waits until it is;
 * without, it opens the plain /ucet and leaves the outcome to the caller.
 */
export async function logIn(page: Page, account: Account, back?: string) {
  await page.goto(back ? `/ucet?redirect=${encodeURIComponent(back)}` : "/ucet");
  await submitLogin(page, account);
  if (back) await expect(page).toHaveURL(back);
}

/** A page in a context of its own (consent answered), logged in and on the account overview. */
export async function signedIn(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext();
  await answerConsent(context, baseURL);
  const page = await context.newPage();
  await logIn(page, account);
  await page.waitForURL(/\/ucet\/prehled/);
  return page;
}

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await answerConsent(context, baseURL!);
    await use(context);
  },
});

export { expect };
