/**
 * What the screenshot scripts share (not part of the test suite): Debian's Chromium with the
 * arguments of the test runs, a Czech context at a given width with the consent and age questions
 * already answered, and the login on the login target.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import {
  type Account,
  ANSWERED,
  addSiteCookies,
  CHROMIUM_LAUNCH,
  type Cookies,
  DRAW_EVERY_REGION,
  submitLogin,
} from "../browser-setup.ts";

export { type Account, ANSWERED, type Cookies, submitLogin };

/** Adds `rule` to the page once its head is there (for DRAW_EVERY_REGION, ADR 0152). */
function addRuleOnLoad(rule: string) {
  document.addEventListener("DOMContentLoaded", () => {
    const style = document.createElement("style");
    style.textContent = rule;
    document.head.append(style);
  });
}

export function launchScreensBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
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
  await addSiteCookies(context, baseUrl, cookies);
  await context.addInitScript(addRuleOnLoad, DRAW_EVERY_REGION);
  return context;
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

/** A diagnostics call of the screens server (E2E_DIAGNOSTICS=1): makes an auction to shoot. */
export async function postDiagnostics(baseUrl: string, path: string, body: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { id: number; url: string };
}
