/**
 * Screenshots of the installable app and its feeds (issue 39; ADR 0110, 0111) at 375, 768 and
 * 1280 px in Czech and English (not part of the test suite): the notice settings with the push
 * switches, the header's bell with its push offer ("+", tablets and wider: phones have no bell),
 * the watchdogs page with a saved search's feed address, and the service worker's offline page
 * with the listings viewed before the network went away. Run against a running server:
 *
 *   E2E_DIAGNOSTICS=1 PORT=3510 DATA_DIR=/tmp/pwa-data node scripts/start.ts
 *   SCREENS_URL=http://localhost:3510 OUT=/tmp/pwa-screens node tests/screens/pwa.screens.ts
 *
 * PNGs go to OUT (default /tmp/screens) as pwa-<what>-<lang>-<width>.png.
 */
import fs from "node:fs";
import { type Browser, type Page, request } from "@playwright/test";
import { localePath } from "../../core/i18n/paths.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3510";
const OUT = process.env.OUT ?? "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const WIDTHS = [375, 768, 1280];
const LANGS = ["cs", "en"] as const;

const file = (what: string, lang: string, width: number) => `${OUT}/pwa-${what}-${lang}-${width}.png`;

/** The buyer has a saved search (its feed is what the watchdogs page shows): set through the API. */
async function ensureSearchWatchdog() {
  const api = await request.newContext({ baseURL: BASE });
  const login = await api.post("/api/auth/login", { data: BUYER });
  const { token } = (await login.json()) as { token: string };
  const saved = await api.post("/api/me/watchdogs", {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: "search", query: "Caroni 1998", delivery: "daily" },
  });
  if (![200, 201].includes(saved.status())) throw new Error(`watchdog: ${saved.status()}`);
  await api.dispose();
}

async function signedInPage(browser: Browser, width: number): Promise<Page> {
  const context = await answeredContext(browser, BASE, width);
  const page = await context.newPage();
  await logIn(page, BASE, BUYER);
  await page.waitForURL(/\/ucet\/prehled/);
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(`${BASE}${path}`);
  await page.waitForLoadState("networkidle");
  await page.locator('[data-testid="site-header"][data-ready="true"]').waitFor();
}

/** The account pages: the push section of the notice settings, the header's bell, the watchdogs. */
async function accountPages(browser: Browser) {
  for (const width of WIDTHS) {
    const page = await signedInPage(browser, width);
    for (const lang of LANGS) {
      await open(page, localePath("accountNotifications", lang));
      const push = page.getByTestId("section-push");
      await push.scrollIntoViewIfNeeded();
      await push.screenshot({ path: file("push-settings", lang, width) });
      await page.screenshot({ path: file("notifications-page", lang, width), fullPage: true });

      await open(page, localePath("home", lang));
      // The offer shows once the browser was found never asked (a lazily loaded part); phones
      // have no bell in the bar.
      if (width >= 768) await page.getByTestId("bell-push").waitFor();
      await page.getByTestId("site-header").screenshot({ path: file("header-bell", lang, width) });
      if (width >= 768) {
        await page.getByTestId("bell-push").hover();
        await page.screenshot({
          path: file("header-bell-hover", lang, width),
          clip: { x: 0, y: 0, width, height: 200 },
        });
      }

      await open(page, localePath("accountWatchdogs", lang));
      await page.getByTestId("watchdog-feed").first().waitFor();
      await page.screenshot({ path: file("watchdogs", lang, width), fullPage: true });
    }
    await page.context().close();
  }
}

/**
 * The offline page: a visitor's browser (service workers allowed, as in a real one) views a few
 * listings, then loses the network and opens a page.
 */
async function offlinePage(browser: Browser) {
  for (const width of WIDTHS) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await page.goto(`${BASE}/denni-aukce`);
    const hrefs = await page
      .getByTestId("product-card")
      .locator("a.card-link")
      .evaluateAll((links) => links.slice(0, 3).map((link) => link.getAttribute("href")!));
    for (const href of hrefs) {
      await page.goto(`${BASE}${href}`);
      // Remembered once the page has loaded (app/pwa/start.ts).
      await page.waitForFunction(
        (path) => (window.localStorage.getItem("rarita:recently-viewed") ?? "").includes(path),
        new URL(href, BASE).pathname,
      );
    }
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
    await context.setOffline(true);
    for (const lang of LANGS) {
      await page.goto(`${BASE}${localePath("search", lang)}`);
      await page.locator(`main[data-locale="${lang}"] [data-testid="offline-recent"] li`).first().waitFor();
      // The pictures come from the worker's cache: wait for those it has.
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await page.screenshot({ path: file("offline", lang, width), fullPage: true });
    }
    await context.close();
  }
}

fs.mkdirSync(OUT, { recursive: true });
await ensureSearchWatchdog();
const browser = await launchScreensBrowser();
try {
  await accountPages(browser);
  await offlinePage(browser);
} finally {
  await browser.close();
}
console.log(`PNGs in ${OUT}`);
