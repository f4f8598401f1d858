import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, signInByApi, test } from "./fixtures.ts";

// The other specs block the service worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: "allow" });

/**
 * The installable app (issue 39, item 1; ADR 0110): the manifest of each language with its icons,
 * Chromium's own installability check, and the service worker's offline page listing the
 * listings this browser viewed, while no page's HTML is ever kept in its caches.
 */

/**
 * Waits until the service worker controls the page. It claims the pages open when it activates,
 * but not one whose navigation was still under way then (a reserved client, which claim() skips):
 * on a busy machine the worker registered by the page before can activate just then. Such a page
 * is controlled from its next load, as a visitor's would be.
 */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller == null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { polling: 100 });
}

/** What the worker's caches hold, as paths. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

test("each language links its manifest, whose icons exist, and Chromium finds the app installable", async ({
  page,
  context,
}) => {
  for (const [path, locale] of [
    ["/", "cs"],
    ["/en", "en"],
  ] as const) {
    await page.goto(path);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe(`/manifest.${locale}.webmanifest`);
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ lang: locale, display: "standalone", theme_color: "#1f4f55" });
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(
      locale === "cs"
        ? ["/hledani", "/ucet/sledovane-aukce", "/ucet/aukce"]
        : ["/en/search", "/en/account/watch", "/en/account/auctions"],
    );
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
  }
  await controlled(page);
  // Lighthouse's installability audit is this check of Chromium's; a test's browser context is
  // incognito, where Chromium never installs, so that one reason is not the site's.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.url).toMatch(/\/manifest\.en\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
});

test("offline, any page is the offline page with the listings viewed lately, and no page is cached", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // three offline navigations after four online ones
  await signInByApi(context, baseURL!, DEMO.buyer);
  await page.goto("/denni-aukce");
  const href = await page.getByTestId("product-card").first().locator("a").first().getAttribute("href");
  await page.goto(href!);
  const name = (await page.locator("h1").first().textContent())!.trim();
  await controlled(page);
  // Remembered once the page has loaded (app/pwa/start.ts).
  await page.waitForFunction(
    (url) => (window.localStorage.getItem("rarita:recently-viewed") ?? "").includes(url),
    new URL(href!, baseURL).pathname,
  );
  // Viewed again now that the worker controls the page: its pictures go through the worker's cache.
  await page.reload();
  await expect(page.locator("h1").first()).toHaveText(name);
  // The picture the offline page will show is the one this page loaded (app/pwa/recent.ts).
  await page.waitForFunction(() => {
    const [latest] = JSON.parse(window.localStorage.getItem("rarita:recently-viewed") ?? "[]");
    return [...document.images].some(
      (image) => image.complete && image.currentSrc && new URL(image.currentSrc).pathname === latest?.image,
    );
  });
  // Signed-in pages seen online: none of them is kept.
  await page.goto("/ucet/zpravy");
  await controlled(page);

  await context.setOffline(true);
  for (const path of ["/hledani", "/ucet/zpravy", href!]) {
    await page.goto(path);
    await expect(page.getByTestId("offline-page")).toBeVisible();
    const czech = page.locator('main[data-locale="cs"]');
    await expect(czech.getByRole("heading", { name: "Jste offline" })).toBeVisible();
    await expect(czech.getByTestId("offline-recent").getByRole("link")).toContainText([name]);
  }
  // The listing's picture shows offline: the one the page loaded, which the worker kept.
  const picture = page.locator('main[data-locale="cs"] [data-testid="offline-recent"] img').first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await page.goto("/en/search");
  await expect(
    page.locator('main[data-locale="en"]').getByRole("heading", { name: "You are offline" }),
  ).toBeVisible();

  const paths = await cachedPaths(page);
  expect(paths).toContain("/offline.html");
  const pages = paths.filter(
    (path) =>
      !/^\/(assets|img|icons)\/|^\/(offline\.html|offline\.js|favicon\.ico|manifest\.(cs|en)\.webmanifest)$/.test(
        path,
      ),
  );
  expect(pages).toEqual([]);
  await context.setOffline(false);
});

test("the notice settings show a push switch per kind, saved for the account", async ({
  page,
  context,
  baseURL,
}) => {
  await signInByApi(context, baseURL!, DEMO.buyer);
  await page.goto("/ucet/newslettery/upozorneni");
  const section = page.getByTestId("section-push");
  await expect(section.getByRole("heading", { name: "Upozornění v prohlížeči (push)" })).toBeVisible();
  for (const kind of ["outbid", "won", "ending_soon", "message", "deal"])
    await expect(section.getByTestId(`push-${kind}`)).toBeVisible();
  // Push is opt-in: nothing is on before the account says so.
  await expect(section.getByTestId("push-outbid").getByRole("checkbox")).not.toBeChecked();
  await hydrated(page);
  await section.getByTestId("push-outbid").click();
  await section.getByTestId("push-won").click();
  await section.getByRole("button", { name: "Uložit upozornění push" }).click();
  await expect(section.getByTestId("saved-message")).toHaveText(/Upozornění push jsou uložena/);
  await page.reload();
  await expect(page.getByTestId("push-outbid").getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("push-won").getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("push-message").getByRole("checkbox")).not.toBeChecked();
});
