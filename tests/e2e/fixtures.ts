import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { type Account, addSiteCookies, submitLogin } from "../browser-setup.ts";

/** The demo accounts the seed creates (server/db/seed/users-data.ts). */
export const DEMO = {
  buyer: { email: "kupec@rarita.test", password: "demo-kupec" },
  seller: { email: "prodejce@rarita.test", password: "demo-prodejce" },
  admin: { email: "admin@rarita.test", password: "demo-spravce" },
};

/**
 * Consent and age were already answered and the popups dismissed: pages open without the cookie
 * bar, the age dialog, the intro popup or the promo banner in the way. Tests of those dialogs use
 * the plain `@playwright/test` instead.
 */
export function answerConsent(context: BrowserContext, baseURL: string) {
  return addSiteCookies(context, baseURL);
}

export { type Account, submitLogin };

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

/**
 * Signs `context` in as `account` without opening a page: the session cookie of an API login.
 * For tests of one signed-in page, so that no login page is left loading behind it.
 */
export async function signInByApi(context: BrowserContext, baseURL: string, account: Account) {
  const login = await context.request.post(new URL("/api/auth/login", baseURL).href, { data: account });
  expect(login.status(), `login of ${account.email}`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await addSiteCookies(context, baseURL, { "auth._token": token });
}

/** Waits for hydration: the frame wraps window.fetch in an effect. A click before it is lost. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Symbol.for("rarita.progressFetch") in window.fetch, undefined, {
    polling: 50,
  });
}

/**
 * Opens the registration form once it is live. Its submit first solves a proof of work in the
 * page's scripts; a click before hydration sends the form natively, without the proof, and the
 * server refuses it as a visitor without JavaScript (the page stays on /registrace).
 */
export async function openRegistration(page: Page) {
  await page.goto("/registrace");
  await hydrated(page);
}

/**
 * Waits until the header marks itself ready in its own effect: the page is hydrated and the header's
 * script-driven widgets (login, account, language, currency) answer. A page without the header
 * never gets there: `hydrated` waits for those.
 */
export async function headerReady(page: Page) {
  await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
}

/**
 * Fake timers that stand still until the test moves them (`page.clock.install` alone lets time flow
 * in real time while the page loads), two seconds ahead of now.
 */
export async function freezeClock(page: Page) {
  await page.clock.install({ time: Date.now() });
  await page.clock.pauseAt(Date.now() + 2_000);
}
