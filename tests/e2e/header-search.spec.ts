import type { Page, Route } from "@playwright/test";
import { DEMO, expect, logIn, test } from "./fixtures.ts";

/**
 * The header's search (issue 14): one tap away on a phone (item 4), and what a visitor types
 * before the page has hydrated is picked up (item 14). Consent, age, popup and banner answered
 * (the shared fixture), so only the header is in play.
 */

/**
 * Holds every script of the page until `release()`: the server HTML is there, nothing of React
 * runs yet. What is typed meanwhile lands in the plain HTML input.
 */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\.js(\?.*)?$/, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe("phone header (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("search is one tap away: the search button opens a focused field; Enter lands on the results", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
    const toggle = page.getByTestId("search-toggle");
    await expect(toggle).toBeVisible();
    // In the header bar itself, not in the drawer.
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await toggle.click();
    const input = page.getByTestId("search-phone").getByRole("combobox", { name: "Hledat v nabídce" });
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    // The keyboard goes straight to the field: no second tap.
    await page.keyboard.type("rum");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/hledani?q=rum");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    // The field fits the phone's width.
    const box = await page.getByTestId("search-phone").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  test("the search button opens the field before the scripts run, and the form searches without them", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/en", { waitUntil: "commit" });
    await page.getByTestId("search-toggle").click();
    const input = page.getByTestId("search-phone").getByRole("combobox");
    await expect(input).toBeVisible();
    await input.fill("whisky");
    await input.press("Enter");
    await expect(page).toHaveURL("/en/search?q=whisky");
    await scripts.release();
  });

  test("at 320 px the header bar still fits: no sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    await expect(page.getByTestId("search-toggle")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Signed in (the account button in place of the login one) it fits too.
    await logIn(page, DEMO.seller);
    await page.waitForURL(/\/ucet\/prehled/);
    await page.goto("/");
    await expect(page.getByTestId("account-trigger")).toBeVisible();
    await expect(page.getByTestId("search-toggle")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe("typing before the page is ready", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("what was typed in the header search before hydration gets suggestions once the scripts run", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/en", { waitUntil: "commit" });
    const input = page.getByTestId("search-bar").getByRole("combobox", { name: /search/i });
    await input.click();
    await input.pressSequentially("zakap", { delay: 20 });
    // Nothing of React has run yet.
    await expect(page.getByTestId("site-header")).not.toHaveAttribute("data-ready", "true");
    await scripts.release();
    await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
    await expect(input).toHaveValue("zakap");
    const list = page.getByTestId("search-bar").getByRole("listbox");
    await expect(list.getByRole("option").first()).toContainText("Zacapa");
    await expect(input).toHaveAttribute("aria-expanded", "true");
    // Typing on after hydration refines what was typed before it.
    await input.press("End");
    await input.pressSequentially("a", { delay: 20 });
    await expect(input).toHaveValue("zakapa");
    await expect(list.getByRole("option").first()).toContainText("Zacapa");
  });

  test("without scripts the header search is a plain GET form to the search page", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const { hostname } = new URL(baseURL!);
    await context.addCookies(
      [
        ["cookies-show", "hidden"],
        ["accept-technical", "true"],
        ["age-confirmed", "true"],
      ].map(([name, value]) => ({ name, value, domain: hostname, path: "/" })),
    );
    const page = await context.newPage();
    await page.goto("/");
    await page.getByTestId("search-bar").getByRole("combobox").fill("rum");
    await page.getByTestId("search-bar").getByRole("combobox").press("Enter");
    await expect(page).toHaveURL("/hledani?q=rum");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await context.close();
  });
});
