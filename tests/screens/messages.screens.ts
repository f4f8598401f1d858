/**
 * Screenshots of the inbox and its pages at 375, 768 and 1280 px (not part of the test suite): the
 * thread list, a thread, the empty inbox, the notification switches, the review form and the
 * watchdog page. Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3232 node tests/screens/messages.screens.ts [widths...]
 *
 * PNGs go to /tmp/screens/messages-<step>-<width>.png.
 */
import fs from "node:fs";
import { type Browser, chromium, type Page } from "@playwright/test";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3232";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);

async function signedIn(browser: Browser, width: number, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "cs-CZ" });
  const { hostname } = new URL(BASE);
  await context.addCookies(
    [
      "cookies-show=hidden",
      "accept-technical=true",
      "age-confirmed=1",
      "intro-popup=hidden",
      "top-banner=hidden",
    ].map((pair) => {
      const [name, value] = pair.split("=");
      return { name, value, domain: hostname, path: "/" };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${BASE}/ucet`);
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("form:has(#login-email)").getByRole("button", { name: "Přihlásit se" }).click();
  await page.waitForURL(/\/ucet\/prehled/);
  return page;
}

async function shot(page: Page, name: string, width: number) {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/messages-${name}-${width}.png`, fullPage: true });
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const seller = await signedIn(browser, width, "prodejce@rarita.test", "demo-prodejce");
    await seller.goto(`${BASE}/ucet/zpravy`);
    await shot(seller, "list", width);
    await seller.getByTestId("thread-row").first().click();
    await seller.getByTestId("thread-view").waitFor();
    await shot(seller, "thread", width);
    await seller.goto(`${BASE}/ucet/zpravy?filter=system`);
    await seller.getByTestId("thread-row").first().click();
    await seller.getByTestId("thread-view").waitFor();
    await shot(seller, "system", width);
    await seller.goto(`${BASE}/ucet/newslettery/upozorneni`);
    await shot(seller, "notifications", width);
    await seller.goto(`${BASE}/ucet/hodnoceni`);
    await shot(seller, "reviews", width);
    const rate = seller.getByTestId("review-give").first();
    if (await rate.count()) {
      await rate.click();
      await seller.waitForURL(/\/ucet\/hodnoceni\/\d+/);
      await seller.getByTestId("star-4").check({ force: true });
      await shot(seller, "review-form", width);
    }
    await seller.goto(`${BASE}/ucet/hlidaci-pes`);
    await shot(seller, "watchdogs", width);
    await seller.context().close();

    const admin = await signedIn(browser, width, "admin@rarita.test", "demo-spravce");
    await admin.goto(`${BASE}/ucet/zpravy`);
    await shot(admin, "empty", width);
    await admin.goto(`${BASE}/ucet/zpravy?filter=selling`);
    await shot(admin, "empty-filter", width);
    await admin.context().close();
  }
} finally {
  await browser.close();
}
