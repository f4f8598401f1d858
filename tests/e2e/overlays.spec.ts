import { type BrowserContext, expect, type Locator, test } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { freezeClock, hydrated } from "./fixtures.ts";

/**
 * A first visit's overlays one at a time (issue 14, item 5): the age dialog, then the cookie bar,
 * then the intro popup 3 s after both are answered and never while a field has focus or the
 * visitor types; the cookie bar's "Reject all" as easy as "Accept all" (item 6); the skip link as
 * the first Tab stop (item 13). Fresh contexts: nothing answered unless a test says so.
 */

async function cookieValues(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
}

/** The intro popup's picture lies whole inside the dialog and the viewport, and the dialog does not scroll. */
async function expectPictureWhole(popup: Locator) {
  await popup.locator("img").evaluate((img: HTMLImageElement) => img.decode());
  const box = await popup.evaluate((dialog) => {
    const img = dialog.querySelector("img") as HTMLImageElement;
    const picture = img.getBoundingClientRect();
    const frame = dialog.getBoundingClientRect();
    return {
      picture: { left: picture.left, top: picture.top, right: picture.right, bottom: picture.bottom },
      frame: { left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom },
      scrolls: dialog.scrollHeight > dialog.clientHeight || dialog.scrollWidth > dialog.clientWidth,
      fit: getComputedStyle(img).objectFit,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  });
  expect(box.scrolls).toBe(false);
  expect(["contain", "fill"]).toContain(box.fit);
  expect(box.picture.left).toBeGreaterThanOrEqual(box.frame.left);
  expect(box.picture.top).toBeGreaterThanOrEqual(box.frame.top);
  expect(box.picture.right).toBeLessThanOrEqual(box.frame.right);
  expect(box.picture.bottom).toBeLessThanOrEqual(box.frame.bottom);
  expect(box.frame.left).toBeGreaterThanOrEqual(0);
  expect(box.frame.top).toBeGreaterThanOrEqual(0);
  expect(box.frame.right).toBeLessThanOrEqual(box.viewport.width);
  expect(box.frame.bottom).toBeLessThanOrEqual(box.viewport.height);
}

test.describe("a first visit: one overlay at a time", () => {
  for (const [width, height] of [
    [320, 568],
    [375, 740],
    [768, 1024],
    [1024, 768],
    [1280, 900],
  ]) {
    test(`${width} px: the age dialog, then the cookie bar, then the popup 3 s after both are answered`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height });
      await addSiteCookies(context, baseURL!, { "top-banner": "hidden" });
      await freezeClock(page);
      await page.goto("/");
      await hydrated(page);
      const gate = page.getByTestId("age-gate");
      const bar = page.getByTestId("cookie-bar");
      const popup = page.getByTestId("intro-popup");

      await expect(gate).toHaveJSProperty("open", true);
      await expect(bar).toHaveCount(0);
      await page.clock.runFor(5_000);
      await expect(bar).toHaveCount(0);
      await expect(popup).toBeHidden();

      await gate.getByRole("button", { name: "Ano, je mi 18 let" }).click();
      await expect(bar).toBeVisible();
      await page.clock.runFor(5_000);
      await expect(popup).toBeHidden();

      await bar.getByRole("button", { name: "Odmítnout vše" }).click();
      await expect(bar).toHaveCount(0);
      // The count starts once both are answered.
      await page.clock.runFor(2_900);
      await expect(popup).toBeHidden();
      await page.clock.runFor(200);
      await expect(popup).toBeVisible();
      await expect(popup.getByRole("img")).toHaveAttribute(
        "src",
        width >= 1028 ? "/uploads/banners/popup-desktop-cs.svg" : "/uploads/banners/popup-mobile-cs.svg",
      );
      await expectPictureWhole(popup);
    });
  }

  test("a short landscape phone gets the whole picture too", async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await addSiteCookies(context, baseURL!, {
      "age-confirmed": "true",
      "cookies-show": "hidden",
      "accept-technical": "true",
      "top-banner": "hidden",
    });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(3_100);
    await expect(page.getByTestId("intro-popup")).toBeVisible();
    await expectPictureWhole(page.getByTestId("intro-popup"));
  });

  test("the popup never opens while the visitor types in search; the keystrokes stay in the field", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addSiteCookies(context, baseURL!, {
      "age-confirmed": "true",
      "cookies-show": "hidden",
      "accept-technical": "true",
      "top-banner": "hidden",
    });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    const popup = page.getByTestId("intro-popup");
    const input = page.getByTestId("search-bar").getByRole("combobox");
    await page.clock.runFor(1_000);
    await input.click();
    await input.pressSequentially("ruu");
    await page.clock.runFor(2_500);
    await input.press("Backspace");
    await page.clock.runFor(2_500);
    // Past 3 s since the load, but the field has the focus.
    await expect(popup).toBeHidden();
    await page.clock.runFor(10_000);
    await expect(popup).toBeHidden();
    await input.pressSequentially("m zacapa");
    await expect(input).toHaveValue("rum zacapa");
    await expect(input).toBeFocused();
    await expect(popup).toBeHidden();

    // Once the field is left, the popup comes 3 s later.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(input).not.toBeFocused();
    await page.clock.runFor(2_900);
    await expect(popup).toBeHidden();
    await page.clock.runFor(200);
    await expect(popup).toBeVisible();
    await expect(input).toHaveValue("rum zacapa");
  });

  test("the top banner's 30 s count starts once the age and cookie questions are answered", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, { "intro-popup": "hidden" });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(40_000);
    await page.getByTestId("age-confirm").click();
    await page.getByTestId("consent-reject-all").click();
    const banner = page.getByTestId("top-promo-banner");
    await expect(banner).toBeVisible();
    await page.clock.runFor(29_000);
    await expect(banner).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(banner).toHaveCount(0);
  });
});

test.describe("reject as easily as accept", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addSiteCookies(context, baseURL!, { "age-confirmed": "true", "intro-popup": "hidden" });
  });

  test("Odmítnout vše stores what Přijmout vybrané with nothing switched on stores, and the bar stays away", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // What "Přijmout vybrané" with nothing toggled stores, in a context of its own.
    const other = await browser.newContext({ baseURL });
    await addSiteCookies(other, baseURL!, { "age-confirmed": "true", "intro-popup": "hidden" });
    const selectedPage = await other.newPage();
    await selectedPage.goto("/");
    await hydrated(selectedPage);
    await selectedPage.getByTestId("cookie-bar").getByRole("button", { name: "Přijmout vybrané" }).click();
    await expect(selectedPage.getByTestId("cookie-bar")).toHaveCount(0);
    const selected = await cookieValues(other);
    await other.close();

    await page.goto("/");
    await hydrated(page);
    const bar = page.getByTestId("cookie-bar");
    // Switch something on first: "Reject all" still rejects everything optional.
    await bar.getByRole("button", { name: "Upravit nastavení" }).click();
    await bar.getByText("Marketingové", { exact: true }).click();
    await bar.getByRole("button", { name: "Odmítnout vše" }).click();
    await expect(bar).toHaveCount(0);
    const rejected = await cookieValues(context);
    expect(rejected).toEqual(selected);
    expect(rejected["cookies-show"]).toBe("hidden");
    expect(rejected["accept-technical"]).toBe("true");
    for (const name of ["accept-analytical", "accept-marketing", "accept-advertisement"])
      expect(rejected[name], name).toBeUndefined();

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("cookie-bar")).toHaveCount(0);
  });

  test("in English it reads Reject all", async ({ page }) => {
    await page.goto("/en");
    await hydrated(page);
    await expect(page.getByTestId("cookie-bar").getByRole("button", { name: "Reject all" })).toBeVisible();
  });

  for (const width of [375, 768, 1280]) {
    test(`${width} px: Odmítnout vše and Přijmout vše look the same; nothing is pre-selected`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await hydrated(page);
      const bar = page.getByTestId("cookie-bar");
      const reject = bar.getByRole("button", { name: "Odmítnout vše" });
      const accept = bar.getByRole("button", { name: "Přijmout vše" });
      await expect(reject).toBeVisible();
      await expect(accept).toBeVisible();
      expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
      const look = (button: Locator) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return {
            background: style.backgroundColor,
            color: style.color,
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
            font: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
            padding: style.padding,
            radius: style.borderRadius,
            shadow: style.boxShadow,
            height: Math.round(box.height),
            width: Math.round(box.width),
          };
        });
      expect(await look(reject)).toEqual(await look(accept));
      // No choice made for the visitor: neither button has the focus.
      const focused = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('[data-testid="cookie-bar"]')),
      );
      expect(focused).toBe(false);
    });
  }
});

test("the skip link is the first Tab stop, even with the promo banner above the header", async ({
  page,
  context,
  baseURL,
}) => {
  await addSiteCookies(context, baseURL!, {
    "age-confirmed": "true",
    "cookies-show": "hidden",
    "accept-technical": "true",
    "intro-popup": "hidden",
  });
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("top-promo-banner")).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Přeskočit na obsah" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#content$/);
});
