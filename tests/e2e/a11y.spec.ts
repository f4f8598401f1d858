import type { Page } from "@playwright/test";
import { violations } from "./axe.ts";
import { DEMO, expect, hydrated, logIn, signInByApi, test } from "./fixtures.ts";

/** Pages of the frame and the content pages, in both languages: no axe violations. */
const pages = [
  "/",
  "/en",
  "/ucet",
  "/en/account",
  "/registrace",
  "/obnova-hesla",
  "/dokumenty",
  "/info/1/obchodni-podminky",
  "/en/info/2/privacy-policy",
  "/mimo-provoz",
  "/tahle-stranka-neni",
];

/** Waits until the page's transitions (a dialog fading in) are over, so axe sees the final colours. */
async function settled(page: Page) {
  // Endless animations (a spinner) never finish: only those with an end are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        // A replaced or cancelled animation rejects: it is over too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

for (const path of pages) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await violations(page)).toEqual([]);
  });
}

/** The signed-in pages (issues 5 to 7), as the verified demo seller sees them with the demo data. */
const accountPages = [
  "/ucet/prehled",
  "/ucet/fakturacni-a-kontaktni-udaje",
  "/ucet/newslettery",
  "/ucet/overeny-ucet",
  "/ucet/prihlasena-zarizeni",
  "/ucet/vase-aukce",
  "/ucet/vase-aukce/pridat",
  "/ucet/aukce",
  "/ucet/sledovane-aukce",
  "/ucet/zpravy",
  "/ucet/hodnoceni",
  "/ucet/hlidaci-pes",
  "/ucet/newslettery/upozorneni",
  "/ucet/platba",
  "/en/account/messages",
];

/**
 * One test per page (each in the normal time limit): as one test they ran past even a tripled
 * limit on a busy two-core machine. Each signs in through the API, so no login page is in the way.
 */
test.describe("signed in", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signInByApi(context, baseURL!, DEMO.seller);
  });

  for (const path of accountPages)
    test(`no axe violations on ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await hydrated(page);
      expect(await violations(page)).toEqual([]);
    });

  test("no axe violations on an open conversation", async ({ page }) => {
    await page.goto("/ucet/zpravy");
    await hydrated(page);
    await page.getByTestId("thread-row").first().click();
    await expect(page.getByTestId("thread-title")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("no axe violations on a tax document", async ({ page }) => {
    await page.goto("/ucet/platba");
    await page.getByTestId("payment-invoice").first().click();
    await expect(page.getByTestId("invoice-document")).toBeVisible();
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });

  /** An unpaid fee's order (QR transfer, card). */
  async function openUnpaidOrder(page: Page) {
    await page.goto("/ucet/platba");
    await page
      .getByTestId("payment-row")
      .filter({ hasText: "Čeká na platbu" })
      .first()
      .getByTestId("payment-open")
      .click();
    await expect(page.getByTestId("pay-bank-qr")).toBeVisible();
    await hydrated(page);
  }

  test("no axe violations on an unpaid order's summary", async ({ page }) => {
    await openUnpaidOrder(page);
    expect(await violations(page)).toEqual([]);
  });

  test("no axe violations on the test card gateway", async ({ page }) => {
    await openUnpaidOrder(page);
    await page.getByTestId("pay-card-submit").click();
    await expect(page.getByTestId("test-gateway")).toBeVisible();
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });

  test("no axe violations on the promotion page", async ({ page }) => {
    await page.goto("/ucet/vase-aukce?filter=active");
    await page.getByTestId("my-listing-top").first().click();
    await expect(page.getByTestId("promote-page")).toBeVisible();
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });

  test("no axe violations on an auction's page with the bid form a signed-in buyer gets", async ({
    page,
  }) => {
    await page.goto("/denni-aukce");
    const auction = await page.getByTestId("product-card").first().locator("a").first().getAttribute("href");
    await page.goto(auction!);
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });
});

/** The overlays of the frame, each open: the page with it has no violations either. */
test.describe("overlays open", () => {
  test.slow(); // axe is heavy on a busy machine

  test("the age gate, as a modal and as the server's overlay before scripts", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await context.clearCookies({ name: "age-confirmed" });
    await page.goto("/produkty/akce");
    await hydrated(page);
    await expect(page.getByTestId("age-gate")).toHaveJSProperty("open", true);
    await settled(page);
    expect(await violations(page)).toEqual([]);

    // Before the scripts run: the same page with its script files refused, so the server's
    // overlay stays (axe itself still runs; it does not with JavaScript switched off).
    const before = await browser.newContext({ baseURL });
    await before.route(/\.js(\?.*)?$/, (route) => route.abort());
    const plain = await before.newPage();
    await plain.goto("/produkty/akce");
    await expect(plain.getByTestId("age-gate-backdrop")).toBeVisible();
    expect(await violations(plain)).toEqual([]);
    await before.close();
  });

  test("the cookie bar with its settings unfolded", async ({ page, context }) => {
    await context.clearCookies({ name: "cookies-show" });
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByTestId("cookie-bar");
    await bar.getByRole("button", { name: "Upravit nastavení" }).click();
    await expect(bar.getByRole("switch", { name: /Analytické/ })).toBeVisible();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the intro popup", async ({ page, context }) => {
    await context.clearCookies({ name: "intro-popup" });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(3_100);
    await expect(page.getByTestId("intro-popup")).toBeVisible();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the newsletter modal", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Váš e-mail").fill("axe@example.cz");
    await form.getByRole("button", { name: "Odebírat" }).click();
    await expect(page.getByTestId("newsletter-modal")).toBeVisible();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the mobile menu at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
    await page.getByTestId("burger").click();
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the account dropdown and the account sidebar, logged in", async ({ page }) => {
    await logIn(page, DEMO.seller, "/ucet/prehled");
    await expect(page.getByTestId("account-sidebar")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await expect(page.getByTestId("site-header")).toHaveAttribute("data-ready", "true");
    // The whole page hydrated, as account-menu.spec.ts waits before the same click: once in a
    // full run (load of two Playwright workers) the click after the header's mark alone opened nothing.
    await hydrated(page);
    await page.getByTestId("account-trigger").click();
    await expect(page.getByTestId("account-dropdown").locator("[data-open]")).toBeVisible();
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });
});
