import { expect, type Page, test } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { cookieMap, expectLifetime, storedCookies } from "./cookies.ts";
import { hydrated } from "./fixtures.ts";

/**
 * The age gate, the cookie bar and the consent state pushed to the tag manager's data layer
 * (docs/product/visitor-basics.md, "One overlay at a time (first visit)" and "Cookie consent";
 * docs/product/screens.md, "Client state"; docs/product/accounts.md, "Age (18+)").
 */

const DAY = 24 * 60 * 60;
const YEAR = 365 * DAY;

/** The consent commands in window.dataLayer, as plain arrays (they are pushed as Arguments objects). */
async function consentCommands(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => entry && typeof entry === "object" && "length" in (entry as object))
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((entry) => entry[0] === "consent"),
  );
}

const ALL_DENIED = {
  analytics_storage: "denied",
  ad_storage: "denied",
  personalization_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  functionality_storage: "granted",
  security_storage: "granted",
};
const ALL_GRANTED = {
  analytics_storage: "granted",
  ad_storage: "granted",
  personalization_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
  functionality_storage: "granted",
  security_storage: "granted",
};

test.describe("age gate", () => {
  test("a first visit is blocked by a modal age dialog until 18+ is confirmed; the answer is kept a year", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Je vám alespoň 18 let?" });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveJSProperty("open", true);
    // A real modal: the page behind does not take clicks...
    const blocked = await page.evaluate(() => {
      const link = document.querySelector("footer a");
      if (!link) return null;
      link.scrollIntoView();
      const box = link.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit?.closest("dialog")?.getAttribute("data-testid") ?? hit?.tagName;
    });
    expect(blocked).toBe("age-gate");
    // ...focus starts on the confirm button...
    await expect(dialog.getByRole("button", { name: "Ano, je mi 18 let" })).toBeFocused();
    // ...and Escape does not dismiss it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    // The cookie bar waits for the age answer.
    await expect(page.getByTestId("cookie-bar")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Odejít" })).toHaveAttribute(
      "href",
      "https://www.google.com",
    );

    await dialog.getByRole("button", { name: "Ano, je mi 18 let" }).click();
    await expect(dialog).toBeHidden();
    const cookies = await storedCookies(context, "age-confirmed");
    expect(cookies["age-confirmed"]?.value).toBe("true");
    expectLifetime(cookies["age-confirmed"], YEAR);
    await expect(page.getByTestId("cookie-bar")).toBeVisible();

    await page.reload();
    await hydrated(page);
    // Answered: the page has no age question at all (its code is not even loaded, issue 18).
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
  });

  test("the first HTML already covers the page: without scripts the gate blocks the products; crawlers see them", async ({
    browser,
    baseURL,
  }) => {
    /** What a click in the middle of the first product card would hit. */
    const hitOnFirstCard = (page: Page) =>
      page.evaluate(() => {
        const card = document.querySelector('[data-testid="product-card"] a');
        if (!card) return null;
        card.scrollIntoView({ block: "center" });
        const box = card.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit?.closest("[data-testid]")?.getAttribute("data-testid") ?? null;
      });

    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto("/produkty/akce");
    const gate = page.getByTestId("age-gate");
    await expect(gate).toBeVisible();
    await expect(gate.getByRole("heading", { name: "Je vám alespoň 18 let?" })).toBeVisible();
    await expect(page.getByTestId("age-gate-backdrop")).toBeVisible();
    expect(["age-gate", "age-gate-backdrop"]).toContain(await hitOnFirstCard(page));
    // The page behind is inert: the keyboard lands in the gate, not on a product.
    await page.keyboard.press("Tab");
    await expect(gate.getByRole("button", { name: "Ano, je mi 18 let" })).toBeFocused();
    // "Yes" works without scripts too: a form stores the cookie and brings the visitor back.
    await page.goto("/produkty/akce?razeni=nejlevnejsi");
    await page.getByRole("button", { name: "Ano, je mi 18 let" }).click();
    await expect(page).toHaveURL(/\/produkty\/akce\?razeni=nejlevnejsi$/);
    await expect(page.getByTestId("age-gate")).toBeHidden();
    await expect(page.getByTestId("age-gate-backdrop")).toHaveCount(0);
    // The URL was the same before the click, and a document still arriving has no gate yet either:
    // the cards are looked for once the answer's page has loaded, not in its first bytes.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.waitForLoadState("load");
    expect(await hitOnFirstCard(page)).toBe("product-card");
    const confirmed = await cookieMap(noScript);
    expect(confirmed["age-confirmed"]?.value).toBe("true");
    expectLifetime(confirmed["age-confirmed"], YEAR);
    await noScript.close();

    const crawler = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    const bot = await crawler.newPage();
    await bot.goto("/produkty/akce");
    await expect(bot.getByTestId("product-card").first()).toBeVisible();
    await expect(bot.getByTestId("age-gate")).toBeHidden();
    await expect(bot.getByTestId("age-gate-backdrop")).toHaveCount(0);
    expect(await hitOnFirstCard(bot)).toBe("product-card");
    await crawler.close();
  });

  test("the server HTML carries the gate until 18+ is confirmed, and not after", async ({
    page,
    context,
  }) => {
    // The HTML as this browser gets it (the request client's own User-Agent would read as a bot).
    const serverHtml = async () => {
      const userAgent = await page.evaluate(() => navigator.userAgent);
      return (await page.request.get("/produkty/akce", { headers: { "user-agent": userAgent } })).text();
    };
    await page.goto("/produkty/akce");
    const before = await serverHtml();
    expect(before).toContain('data-testid="age-gate-backdrop"');
    expect(before).toContain('inert=""');
    await hydrated(page);
    // The scripts turned the server's overlay into a real modal.
    await expect(page.getByTestId("age-gate")).toHaveJSProperty("open", true);
    await expect(page.getByTestId("age-gate-backdrop")).toHaveCount(0);
    await page.getByRole("button", { name: "Ano, je mi 18 let" }).click();
    await expect(page.getByTestId("age-gate")).toBeHidden();
    expectLifetime((await storedCookies(context, "age-confirmed"))["age-confirmed"], YEAR);

    const after = await serverHtml();
    expect(after).toContain('data-testid="product-card"');
    expect(after).not.toContain("age-gate-backdrop");
    expect(after).not.toContain('inert=""');
    await page.reload();
    await expect(page.getByTestId("age-gate")).toBeHidden();
    await page.getByTestId("product-card").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/^[^?]*\/\d+\/[^/]+\/[^/]+$/);
  });

  test("Tab cycles within the age dialog", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("age-gate")).toHaveJSProperty("open", true);
    const inside: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      inside.push(
        await page.evaluate(() => {
          const active = document.activeElement;
          // Focus may rest on the browser's own UI for one step (body); never on the page behind.
          return active === document.body || Boolean(active?.closest('[data-testid="age-gate"]'));
        }),
      );
    }
    expect(inside).toEqual([true, true, true, true, true]);
  });
});

test.describe("cookie bar", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addSiteCookies(context, baseURL!, { "age-confirmed": "true", "intro-popup": "hidden" });
  });

  test("the consent default from the cookies is the first data-layer entry; no tag manager without an id", async ({
    page,
  }) => {
    await page.goto("/");
    const first = await page.evaluate(() => {
      const entry = (window as unknown as { dataLayer: unknown[] }).dataLayer[0] as ArrayLike<unknown>;
      return Array.from(entry);
    });
    expect(first).toEqual(["consent", "default", { ...ALL_DENIED, wait_for_update: 500 }]);
    await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
  });

  test("accept all stores all four accept-* cookies for a year, hides the bar and grants every consent type", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByTestId("cookie-bar");
    await expect(bar).toBeVisible();
    await bar.getByRole("button", { name: "Přijmout vše" }).click();
    await expect(bar).toHaveCount(0);

    const cookies = await storedCookies(
      context,
      "accept-technical",
      "accept-analytical",
      "accept-marketing",
      "accept-advertisement",
      "cookies-show",
    );
    for (const name of [
      "accept-technical",
      "accept-analytical",
      "accept-marketing",
      "accept-advertisement",
    ]) {
      expect(cookies[name]?.value, name).toBe("true");
      expectLifetime(cookies[name], YEAR);
    }
    expect(cookies["cookies-show"]?.value).toBe("hidden");
    expectLifetime(cookies["cookies-show"], YEAR);

    expect(await consentCommands(page)).toEqual([
      ["consent", "default", { ...ALL_DENIED, wait_for_update: 500 }],
      ["consent", "update", ALL_GRANTED],
    ]);

    // cookies-show=hidden keeps the bar away on the next load; the default now follows the cookies.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("cookie-bar")).toHaveCount(0);
    expect(await consentCommands(page)).toEqual([
      ["consent", "default", { ...ALL_GRANTED, wait_for_update: 500 }],
    ]);
  });

  test("accept selected always stores technical (not switchable) and only the categories switched on", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByTestId("cookie-bar");
    await bar.getByRole("button", { name: "Upravit nastavení" }).click();
    const technical = bar.getByRole("switch", { name: /Technické/ });
    await expect(technical).toBeChecked();
    await expect(technical).toBeDisabled();
    for (const name of ["Analytické", "Marketingové", "Reklamní"])
      await expect(bar.getByRole("switch", { name: new RegExp(name) })).not.toBeChecked();
    await bar.getByText("Analytické", { exact: true }).click();
    await expect(bar.getByRole("switch", { name: /Analytické/ })).toBeChecked();
    await bar.getByRole("button", { name: "Přijmout vybrané" }).click();
    await expect(bar).toHaveCount(0);

    const cookies = await storedCookies(context, "accept-technical");
    expect(cookies["accept-technical"]?.value).toBe("true");
    expectLifetime(cookies["accept-technical"], YEAR);
    expect(cookies["accept-analytical"]?.value).toBe("true");
    expectLifetime(cookies["accept-analytical"], YEAR);
    expect(cookies["accept-marketing"]).toBeUndefined();
    expect(cookies["accept-advertisement"]).toBeUndefined();
    expect(cookies["cookies-show"]?.value).toBe("hidden");

    expect((await consentCommands(page)).at(-1)).toEqual([
      "consent",
      "update",
      { ...ALL_DENIED, analytics_storage: "granted" },
    ]);

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("cookie-bar")).toHaveCount(0);
    expect(await consentCommands(page)).toEqual([
      ["consent", "default", { ...ALL_DENIED, analytics_storage: "granted", wait_for_update: 500 }],
    ]);
  });

  test("the bar works from the keyboard: unfold the settings, switch a category, accept", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByTestId("cookie-bar");
    // "Upravit nastavení", which reads "Skrýt nastavení" once unfolded.
    const customize = bar.locator("button[aria-controls]");
    await expect(customize).toHaveText("Upravit nastavení");
    await customize.focus();
    await page.keyboard.press("Enter");
    await expect(customize).toHaveAttribute("aria-expanded", "true");
    // The buttons come in the order they are seen ("Odmítnout vše", "Přijmout vše", "Přijmout
    // vybrané", the settings); after the settings button the switches (technical is fixed, so
    // Tab passes it by).
    await page.keyboard.press("Tab");
    const marketing = bar.getByRole("switch", { name: /Marketingové/ });
    await expect(bar.getByRole("switch", { name: /Analytické/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(marketing).toBeFocused();
    await page.keyboard.press("Space");
    await expect(marketing).toBeChecked();
    // Back past Analytické and the settings button.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+Tab");
    await expect(bar.getByRole("button", { name: "Přijmout vybrané" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(bar).toHaveCount(0);
    const cookies = await storedCookies(context, "accept-marketing");
    expect(cookies["accept-marketing"]?.value).toBe("true");
    expect(cookies["accept-analytical"]).toBeUndefined();
  });

  test("accept selected without switching anything on stores technical only", async ({ page, context }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("cookie-bar").getByRole("button", { name: "Přijmout vybrané" }).click();
    const cookies = await storedCookies(context, "accept-technical");
    expect(cookies["accept-technical"]?.value).toBe("true");
    for (const name of ["accept-analytical", "accept-marketing", "accept-advertisement"])
      expect(cookies[name], name).toBeUndefined();
    expect((await consentCommands(page)).at(-1)).toEqual(["consent", "update", ALL_DENIED]);
  });

  test("the footer's cookie settings reopen the bar with the stored choice", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, {
      "cookies-show": "hidden",
      "accept-technical": "true",
      "accept-marketing": "true",
    });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("cookie-bar")).toHaveCount(0);
    await page.getByTestId("cookie-settings").click();
    const bar = page.getByTestId("cookie-bar");
    await expect(bar.getByRole("switch", { name: /Marketingové/ })).toBeChecked();
    await expect(bar.getByRole("switch", { name: /Analytické/ })).not.toBeChecked();
    await bar.getByText("Marketingové", { exact: true }).click();
    await bar.getByRole("button", { name: "Přijmout vybrané" }).click();
    const cookies = await cookieMap(context);
    // Narrowing the choice really withdraws the consent.
    expect(cookies["accept-marketing"]).toBeUndefined();
    expect(cookies["accept-technical"]?.value).toBe("true");
  });
});
