import { expect, type Page, test } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { cookieMap, expectLifetime, storedCookies } from "./cookies.ts";
import { freezeClock, hydrated } from "./fixtures.ts";

/**
 * The footer, snackbars and the global modal (docs/product/screens.md, "Parts of every page"), the
 * newsletter flow (docs/product/messages-and-reviews.md, "Newsletter"; docs/product/calls-and-errors.md,
 * "Error catalogue"), the intro popup and the top promo banner (docs/product/screens.md, "Client
 * state").
 */

const DAY = 24 * 60 * 60;

/** Age, consent, popup and banner answered: only what a test looks at shows. */
const ANSWERED = {
  "age-confirmed": "true",
  "cookies-show": "hidden",
  "accept-technical": "true",
  "intro-popup": "hidden",
  "top-banner": "hidden",
};

const { "top-banner": _topBanner, ...WITHOUT_TOP_BANNER } = ANSWERED;

let emailCounter = 0;
const freshEmail = () => `e2e-${Date.now()}-${++emailCounter}-${Math.floor(Math.random() * 1e6)}@example.cz`;

test.describe("footer", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addSiteCookies(context, baseURL!, ANSWERED);
  });

  test("shows the bottom menu, two social networks in a new tab, two card brands and the copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByTestId("footer");
    // The bottommenu setting: its first item's title and links.
    const menu = footer.getByRole("navigation", { name: "Rarita" });
    await expect(menu.getByRole("heading", { name: "Rarita" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Obchodní podmínky" })).toHaveAttribute(
      "href",
      "/info/1/obchodni-podminky",
    );
    await expect(menu.getByRole("link", { name: "Ochrana osobních údajů" })).toHaveAttribute(
      "href",
      "/info/2/gdpr",
    );
    // An external link of the menu opens in a new tab.
    const external = footer.getByRole("link", { name: /Česká obchodní inspekce/ });
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", /noopener/);

    // Rarita's own profiles from the contacts setting, never a network's home page.
    for (const [name, href] of [
      ["Rarita na Facebooku", "https://www.facebook.com/rarita.aukce"],
      ["Rarita na Instagramu", "https://www.instagram.com/rarita.aukce/"],
    ]) {
      const link = footer.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    for (const name of ["Visa", "Mastercard"]) {
      const logo = footer.getByRole("img", { name, exact: true });
      await logo.scrollIntoViewIfNeeded();
      await expect(logo).toBeVisible();
      // The drawn SVG really loads (lazily, once near the viewport).
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(footer.getByTestId("copyright")).toHaveText(
      `© ${new Date().getFullYear()} Rarita s.r.o. Všechna práva vyhrazena.`,
    );
  });

  test("the English footer is translated", async ({ page }) => {
    await page.goto("/en");
    const footer = page.getByTestId("footer");
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /Rarita on Instagram/ })).toBeVisible();
    await expect(footer.getByTestId("copyright")).toContainText("All rights reserved.");
  });
});

test.describe("newsletter", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addSiteCookies(context, baseURL!, ANSWERED);
  });

  const form = (page: Page) => page.getByTestId("newsletter-form");
  const modal = (page: Page) => page.getByTestId("newsletter-modal");
  const snackbar = (page: Page) => page.getByTestId("snackbars").locator("li");

  test("checks the e-mail before the category modal opens", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await expect(page.getByTestId("newsletter-error")).toHaveText("Pole musí být vyplněno");
    await expect(form(page).getByLabel("Váš e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByLabel("Váš e-mail")).toBeFocused();
    await expect(modal(page)).toBeHidden();

    await form(page).getByLabel("Váš e-mail").fill("jan.novak@seznam");
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await expect(page.getByTestId("newsletter-error")).toHaveText("Pole musí obsahovat platný email.");
    await expect(modal(page)).toBeHidden();

    await form(page).getByLabel("Váš e-mail").fill("jan.novak@seznam.cz");
    await expect(page.getByTestId("newsletter-error")).toHaveCount(0);
  });

  test("saves the e-mail with the categories ticked (check-down), then clears the form and closes the modal", async ({
    page,
  }) => {
    const email = freshEmail();
    await page.goto("/");
    await hydrated(page);
    await form(page).getByLabel("Váš e-mail").fill(email);
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    const dialog = page.getByRole("dialog", { name: "Co vás zajímá?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);

    // Check-down: ticking Rum ticks its descendants; unticking one leaves Rum's other children.
    await dialog.getByRole("checkbox", { name: "Rum", exact: true }).check();
    for (const name of ["Karibik", "Jamajka", "Trinidad a Tobago"])
      await expect(dialog.getByRole("checkbox", { name, exact: true })).toBeChecked();
    // Only 4 levels: Caroni (level 5, under Trinidad a Tobago) is not offered.
    await expect(dialog.getByRole("checkbox", { name: /Caroni/ })).toHaveCount(0);
    await dialog.getByRole("checkbox", { name: "Karibik", exact: true }).uncheck();
    await expect(dialog.getByRole("checkbox", { name: "Jamajka", exact: true })).not.toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Rum", exact: true })).toBeChecked();

    const request = page.waitForRequest("**/api/subscriber/save*");
    await dialog.getByRole("button", { name: "Uložit" }).click();
    const body = (await request).postDataJSON() as { email: string; selectedCategories: number[] };
    expect(body.email).toBe(email);
    expect(body.selectedCategories.length).toBeGreaterThan(1);

    // Word for word, then where the double opt-in's confirmation waits.
    await expect(snackbar(page)).toHaveText(
      "E-mail byl úspěšně uložen. Odběr ještě potvrďte odkazem v e-mailu, který jsme vám právě poslali.",
    );
    await expect(snackbar(page)).toHaveAttribute("role", "status");
    await expect(snackbar(page)).toHaveAttribute("data-type", "success");
    await expect(dialog).toBeHidden();
    await expect(form(page).getByLabel("Váš e-mail")).toHaveValue("");

    // The categories were cleared too: the next sign-up starts with none.
    await form(page).getByLabel("Váš e-mail").fill(freshEmail());
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await expect(dialog.getByText("Vybráno kategorií: 0")).toBeVisible();
  });

  test("an e-mail already stored answers 'Tento e-mail je již uložen.' as a danger notice", async ({
    page,
  }) => {
    const email = freshEmail();
    await page.goto("/");
    await hydrated(page);
    for (let i = 0; i < 2; i++) {
      await form(page).getByLabel("Váš e-mail").fill(email);
      await form(page).getByRole("button", { name: "Odebírat" }).click();
      await modal(page).getByRole("button", { name: "Uložit" }).click();
      await expect(modal(page)).toBeHidden();
    }
    const notice = snackbar(page).filter({ hasText: "Tento e-mail je již uložen." });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("role", "alert");
    await expect(notice).toHaveAttribute("data-type", "danger");
    // The address stays in the field, marked, for correcting.
    await expect(form(page).getByLabel("Váš e-mail")).toHaveValue(email);
    await expect(page.getByTestId("newsletter-error")).toHaveText("Tento e-mail je již uložen.");
  });

  test("any other failure answers 'E-mail nebyl úspěšně uložen.' and closes the modal", async ({ page }) => {
    await page.route("**/api/subscriber/save*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "x" }) }),
    );
    await page.goto("/");
    await hydrated(page);
    await form(page).getByLabel("Váš e-mail").fill(freshEmail());
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await modal(page).getByRole("button", { name: "Uložit" }).click();
    await expect(snackbar(page)).toHaveText("E-mail nebyl úspěšně uložen.");
    await expect(snackbar(page)).toHaveAttribute("data-type", "danger");
    await expect(modal(page)).toBeHidden();
    // The progress bar turned red for the failed request (if it was shown at all: requests under 200 ms never show it).
  });

  test("the modal closes with Escape and with Zrušit without saving", async ({ page }) => {
    let saves = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/subscriber/save")) saves++;
    });
    await page.goto("/");
    await hydrated(page);
    await form(page).getByLabel("Váš e-mail").fill(freshEmail());
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal(page)).toBeHidden();
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await modal(page).getByRole("button", { name: "Zrušit", exact: true }).click();
    await expect(modal(page)).toBeHidden();
    expect(saves).toBe(0);
  });

  test("a logged-in user entering their account e-mail edits their stored preferences", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    test.slow(); // logs in and runs through the modal three times
    const account = { email: "kupec@rarita.test", password: "demo-kupec" };
    const login = await request.post("/api/auth/login", { data: account });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    await addSiteCookies(context, baseURL!, { "auth._token": token });

    // Failing to load the stored preferences is silent; then saving them works.
    let failLoad = true;
    await page.route("**/api/subscriber/get*", (route) =>
      failLoad ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
    );
    await page.goto("/");
    await hydrated(page);
    await form(page).getByLabel("Váš e-mail").fill(account.email.toUpperCase());
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    const dialog = page.getByRole("dialog", { name: "Nastavení newsletteru" });
    await expect(dialog).toBeVisible();
    await expect(snackbar(page)).toHaveCount(0);
    await dialog.getByRole("checkbox", { name: "Whisky", exact: true }).check();
    const saved = page.waitForRequest("**/api/subscriber/preferences*");
    await dialog.getByRole("button", { name: "Uložit" }).click();
    expect(
      ((await saved).postDataJSON() as { selectedCategories: number[] }).selectedCategories.length,
    ).toBeGreaterThan(1);
    await expect(snackbar(page)).toHaveText("Nastavení bylo úspěšně uloženo.");
    await expect(dialog).toBeHidden();
    await expect(form(page).getByLabel("Váš e-mail")).toHaveValue("");

    // Next time the stored categories are loaded and preselected.
    failLoad = false;
    await form(page).getByLabel("Váš e-mail").fill(account.email);
    await form(page).getByRole("button", { name: "Odebírat" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Whisky", exact: true })).toBeChecked();

    await page.route("**/api/subscriber/preferences*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await dialog.getByRole("button", { name: "Uložit" }).click();
    await expect(snackbar(page).filter({ hasText: "Nastavení se nepodařilo uložit." })).toHaveAttribute(
      "data-type",
      "danger",
    );
  });
});

test.describe("intro popup and top promo banner", () => {
  test("the intro popup opens only after 3 s; closing it hides it for 14 days", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, {
      "age-confirmed": "true",
      "cookies-show": "hidden",
      "top-banner": "hidden",
    });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    const popup = page.getByTestId("intro-popup");
    await page.clock.runFor(2_900);
    await expect(popup).toBeHidden();
    await page.clock.runFor(200);
    await expect(popup).toBeVisible();
    // 1280 px wide: the desktop banner, its image from path + "/" + image.
    await expect(popup.getByRole("img")).toHaveAttribute(
      "src",
      /^\/uploads\/banners\/popup-desktop-cs\.svg$/,
    );
    await popup.getByRole("button", { name: "Zavřít" }).click();
    await expect(popup).toBeHidden();
    const cookies = await storedCookies(context, "intro-popup");
    expect(cookies["intro-popup"]?.value).toBe("hidden");
    expectLifetime(cookies["intro-popup"], 14 * DAY);

    await page.reload();
    await hydrated(page);
    await page.clock.runFor(10_000);
    await expect(page.getByTestId("intro-popup")).toBeHidden();
  });

  test("on a phone the mobile popup banner shows; following its link hides the popup too", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await addSiteCookies(context, baseURL!, {
      "age-confirmed": "true",
      "cookies-show": "hidden",
      "top-banner": "hidden",
    });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(3_100);
    const popup = page.getByTestId("intro-popup");
    await expect(popup.getByRole("img")).toHaveAttribute("src", "/uploads/banners/popup-mobile-cs.svg");
    await popup.getByRole("link").click();
    await expect(popup).toBeHidden();
    expect((await storedCookies(context, "intro-popup"))["intro-popup"]?.value).toBe("hidden");
  });

  test("the intro popup waits for the age answer and the cookie bar, then counts its 3 s", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, { "top-banner": "hidden" });
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(5_000);
    await expect(page.getByTestId("intro-popup")).toBeHidden();
    await page.getByTestId("age-confirm").click();
    await page.clock.runFor(5_000);
    await expect(page.getByTestId("intro-popup")).toBeHidden();
    await page.getByTestId("consent-accept-all").click();
    await page.clock.runFor(2_900);
    await expect(page.getByTestId("intro-popup")).toBeHidden();
    await page.clock.runFor(200);
    await expect(page.getByTestId("intro-popup")).toBeVisible();
  });

  test("the top promo banner hides itself after 30 s and stays hidden for a day", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, WITHOUT_TOP_BANNER);
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByTestId("top-promo-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("img")).toHaveAttribute("src", /^\/uploads\/banners\/promo/);
    await page.clock.runFor(29_000);
    await expect(banner).toBeVisible();
    expect((await cookieMap(context))["top-banner"]).toBeUndefined();
    await page.clock.runFor(1_500);
    await expect(banner).toHaveCount(0);
    const cookies = await storedCookies(context, "top-banner");
    expect(cookies["top-banner"]?.value).toBe("hidden");
    expectLifetime(cookies["top-banner"], DAY);

    await page.reload();
    await expect(page.getByTestId("top-promo-banner")).toHaveCount(0);
  });

  test("the top promo banner can be closed", async ({ page, context, baseURL }) => {
    await addSiteCookies(context, baseURL!, WITHOUT_TOP_BANNER);
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("top-promo-banner").getByRole("button", { name: "Skrýt banner" }).click();
    await expect(page.getByTestId("top-promo-banner")).toHaveCount(0);
    const cookies = await storedCookies(context, "top-banner");
    expect(cookies["top-banner"]?.value).toBe("hidden");
    expectLifetime(cookies["top-banner"], DAY);
  });
});

test.describe("snackbars and the progress bar", () => {
  test("notices sit at the top, 350 to 600 px wide, and hide after their duration", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, ANSWERED);
    await page.route("**/api/subscriber/save*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("newsletter-form").getByLabel("Váš e-mail").fill(freshEmail());
    await page.getByTestId("newsletter-submit").click();
    await page.getByTestId("newsletter-save").click();
    const notice = page.getByTestId("snackbars").locator("li");
    await expect(notice).toBeVisible();
    const box = await notice.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(350);
    expect(box?.width).toBeLessThanOrEqual(600);
    expect(box?.y).toBeLessThan(40);
    await page.clock.runFor(5_100);
    await expect(notice).toHaveCount(0);
  });

  test("a slow request shows the 2 px #febe98 progress bar after 200 ms; a failure turns it red", async ({
    page,
    context,
    baseURL,
  }) => {
    await addSiteCookies(context, baseURL!, ANSWERED);
    // The save fails when the test says so, not after a wall-clock delay: on a loaded machine a
    // delay could run out before the page's clock reached the bar's 200 ms.
    let failSave!: () => void;
    const saveFails = new Promise<void>((resolve) => {
      failSave = resolve;
    });
    await page.route("**/api/subscriber/save*", async (route) => {
      await saveFails;
      await route.fulfill({ status: 500, body: "{}" });
    });
    await freezeClock(page);
    // A guest without a wishlist asks for none, so no other failure colours the shared bar.
    await page.goto("/");
    await hydrated(page);
    // Anything else the page asks for in the background meanwhile succeeds.
    await page.route(/\/api\/(?!subscriber\/)/, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    await page.getByTestId("newsletter-form").getByLabel("Váš e-mail").fill(freshEmail());
    await page.getByTestId("newsletter-submit").click();
    // The bar's 200 ms count from the request's start: the clock moves only once it is on its way.
    const saving = page.waitForRequest("**/api/subscriber/save*");
    await page.getByTestId("newsletter-save").click();
    await saving;
    const bar = page.getByTestId("progress-bar");
    await page.clock.runFor(150);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(bar).toHaveCount(1);
    await expect(bar).not.toHaveAttribute("data-failed", "true");
    expect(await bar.evaluate((element) => getComputedStyle(element).height)).toBe("2px");
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(254, 190, 152)",
    );
    // It fills over the expected 5000 ms: a fifth after one second.
    await page.clock.runFor(1_000);
    await expect(bar).toHaveAttribute("aria-valuenow", "20");
    failSave();
    await expect(page.getByTestId("snackbars").locator("li")).toHaveText("E-mail nebyl úspěšně uložen.");
    await expect(bar).toHaveAttribute("data-failed", "true");
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect
      .poll(() => bar.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe("rgb(229, 72, 59)");
    await page.clock.runFor(600);
    await expect(bar).toHaveCount(0);
  });
});
