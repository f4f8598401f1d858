import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO } from "./fixtures.ts";

/** Accounts: the seller's group has a discount (gold dropdown); the new seller has no group. */
const NO_GROUP = { email: "novacek@rarita.test", password: "demo-novacek" };

test.beforeEach(async ({ context, baseURL }) => {
  const { hostname } = new URL(baseURL!);
  // Age, consent, intro popup and promo banner answered, so only the header is in play.
  await context.addCookies(
    [
      ["cookies-show", "hidden"],
      ["accept-technical", "true"],
      ["age-confirmed", "1"],
      ["intro-popup", "hidden"],
      ["top-banner", "hidden"],
    ].map(([name, value]) => ({ name, value, domain: hostname, path: "/" })),
  );
});

const header = (page: Page) => page.getByTestId("site-header");

type Currency = {
  code: string;
  rate: number;
  decimals: number;
  symbol_before: string | null;
  symbol_after: string | null;
};

/** Non-breaking spaces as plain ones, so prices compare by their spelling. */
const plain = (text: string) => text.replace(/\u00a0/g, " ").trim();

/**
 * A CZK amount in minor units spelled in a currency the way Czech writes money
 * (docs/product/formats.md, "Money": the symbol after the number, whatever the currency:
 * `60,00 €`), computed independently of the app.
 */
function spelled(minor: number, currency: Currency): string {
  const [whole, fraction] = (minor / 100 / currency.rate).toFixed(currency.decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const symbol = (currency.symbol_after ?? currency.symbol_before ?? "").trim();
  return `${grouped}${fraction ? `,${fraction}` : ""} ${symbol}`;
}

/** Opens a page and waits until the header is hydrated (its widgets are script-driven buttons). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(header(page)).toHaveAttribute("data-ready", "true");
}
const loginWidget = (page: Page) => page.getByTestId("login-widget");
const submitButton = (page: Page) =>
  loginWidget(page).getByRole("form", { name: "Přihlášení" }).getByRole("button", { name: "Přihlásit se" });

async function logInThroughWidget(page: Page, account: { email: string; password: string }) {
  await page.getByTestId("login-trigger").click();
  await loginWidget(page).getByLabel("E-mail").fill(account.email);
  await loginWidget(page).getByLabel("Heslo", { exact: true }).fill(account.password);
  await submitButton(page).click();
  await expect(page.getByTestId("account-trigger")).toBeVisible();
}

async function axeHeader(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="site-header"]').analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

test.describe("desktop header (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the logo links home and the top menu comes from the settings, external links in a new tab", async ({
    page,
  }) => {
    await open(page, "/dokumenty");
    await expect(page.getByTestId("logo")).toHaveAttribute("href", "/");
    const menu = page.getByTestId("top-menu-bar");
    const daily = menu.getByRole("link", { name: "Denní aukce" });
    await expect(daily).toHaveAttribute("href", "/denni-aukce");
    await expect(daily).not.toHaveAttribute("target", /.*/);
    const instagram = menu.getByRole("link", { name: /Instagram/ });
    await expect(instagram).toHaveAttribute("href", "https://www.instagram.com/rarita.aukce/");
    await expect(instagram).toHaveAttribute("target", "_blank");
    await expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
    await daily.click();
    await expect(page).toHaveURL("/denni-aukce");
    await expect(daily).toHaveAttribute("aria-current", "page");

    await open(page, "/en");
    await expect(page.getByTestId("logo")).toHaveAttribute("href", "/en");
    await expect(
      page.getByTestId("top-menu-bar").getByRole("link", { name: "Daily auctions" }),
    ).toHaveAttribute("href", "/en/daily-auctions");
  });

  test("the search box submits q to the search page", async ({ page }) => {
    await open(page, "/");
    const search = page.getByTestId("search-bar");
    await search.getByRole("combobox", { name: "Hledat v nabídce" }).fill("rum");
    await search.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL("/hledani?q=rum");
    await expect(page.getByTestId("search-bar").getByRole("combobox")).toHaveValue("rum");

    await open(page, "/en");
    await page.getByTestId("search-bar").getByRole("combobox").fill("whisky");
    await page.getByTestId("search-bar").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/en/search?q=whisky");
  });

  test("for a guest the add-auction button opens the login widget; Escape closes it and returns focus", async ({
    page,
  }) => {
    test.slow(); // axe is heavy on a busy machine
    await open(page, "/");
    const add = page.getByTestId("add-auction");
    await expect(add).toHaveText("Přidat aukci");
    await add.click();
    await expect(loginWidget(page).getByRole("heading", { name: "Přihlášení" })).toBeVisible();
    await expect(loginWidget(page).getByLabel("E-mail")).toBeFocused();
    await expect(loginWidget(page).getByRole("link", { name: "Zapomenuté heslo?" })).toHaveAttribute(
      "href",
      "/obnova-hesla",
    );
    await expect(loginWidget(page).getByRole("link", { name: "Zaregistrovat se" })).toHaveAttribute(
      "href",
      "/registrace",
    );
    await axeHeader(page);
    await page.keyboard.press("Escape");
    await expect(loginWidget(page).getByRole("heading", { name: "Přihlášení" })).toBeHidden();
    await expect(add).toBeFocused();
  });

  test("the login widget validates on the client with the Czech messages and reveals the password", async ({
    page,
  }) => {
    await open(page, "/");
    await page.getByTestId("login-trigger").click();
    await expect(page.getByTestId("login-trigger")).toHaveAttribute("aria-expanded", "true");
    const widget = loginWidget(page);
    await submitButton(page).click();
    await expect(widget.getByTestId("login-email-error")).toHaveText("Pole musí být vyplněno");
    await expect(widget.getByTestId("login-password-error")).toHaveText("Pole musí být vyplněno");
    await expect(widget.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(widget.getByLabel("E-mail")).toBeFocused();

    await widget.getByLabel("E-mail").fill("neni-to-email");
    await submitButton(page).click();
    await expect(widget.getByTestId("login-email-error")).toHaveText("Pole musí obsahovat platný email.");

    const password = widget.getByLabel("Heslo", { exact: true });
    await password.fill("tajne");
    await expect(widget.getByTestId("login-password-error")).toHaveCount(0);
    await expect(password).toHaveAttribute("type", "password");
    await widget.getByRole("button", { name: "Zobrazit heslo" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(widget.getByRole("button", { name: "Zobrazit heslo" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page).toHaveURL("/");
  });

  test("a failed login shows errors.login under the form and pushes login_failure to the data layer", async ({
    page,
  }) => {
    await open(page, "/");
    await page.getByTestId("login-trigger").click();
    await loginWidget(page).getByLabel("E-mail").fill("nikdo@rarita.test");
    await loginWidget(page).getByLabel("Heslo", { exact: true }).fill("spatne-heslo");
    await submitButton(page).click();
    await expect(page.getByTestId("header-login-error")).toHaveText("Nesprávný e-mail nebo heslo.");
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map(
        (entry) => entry.event,
      ),
    );
    expect(events.filter((event) => event === "login_failure")).toHaveLength(1);
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("login-trigger")).toBeVisible();
  });

  test("logging in through the widget goes to the account overview and shows the gold account dropdown", async ({
    page,
  }) => {
    test.slow(); // axe is heavy on a busy machine
    await open(page, "/dokumenty");
    await logInThroughWidget(page, DEMO.seller);
    // The widget goes to the redirect query value or the account overview (docs/product/screens.md,
    // "Parts of every page").
    await expect(page).toHaveURL("/ucet/prehled");
    const trigger = page.getByTestId("account-trigger");
    await expect(trigger).toContainText("RumovyKabinet");
    await expect(page.getByTestId("account-dropdown")).toHaveClass(/is-discount/);
    await expect(page.getByTestId("add-auction")).toHaveAttribute("href", "/ucet/vase-aukce/pridat");
    await expect(page.getByTestId("bell")).toHaveAttribute("href", "/ucet/zpravy");

    await trigger.click();
    const dropdown = page.getByTestId("account-dropdown");
    await expect(dropdown.getByTestId("account-discount")).toContainText("sleva 5 %");
    for (const [name, href] of [
      ["Přidat aukci", "/ucet/vase-aukce/pridat"],
      ["Přehled účtu", "/ucet/prehled"],
      ["Moje aukce", "/ucet/vase-aukce"],
      ["Sledované aukce", "/ucet/sledovane-aukce"],
      ["Zprávy", "/ucet/zpravy"],
      ["Fakturační a kontaktní údaje", "/ucet/fakturacni-a-kontaktni-udaje"],
      ["Newslettery", "/ucet/newslettery"],
    ])
      await expect(dropdown.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
        "href",
        href,
      );
    await axeHeader(page);
  });

  test("logout from the account dropdown sends the user home as a guest", async ({ page }) => {
    await open(page, "/dokumenty");
    await logInThroughWidget(page, DEMO.seller);
    await page.getByTestId("account-trigger").click();
    await page.getByTestId("account-dropdown").getByRole("button", { name: "Odhlásit se" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("login-trigger")).toBeVisible();
    await expect(page.getByTestId("bell")).toHaveCount(0);
  });

  test("a user without a discount group gets the plain dropdown, usable from the keyboard", async ({
    page,
  }) => {
    await open(page, "/");
    await logInThroughWidget(page, NO_GROUP);
    await expect(page.getByTestId("account-dropdown")).not.toHaveClass(/is-discount/);
    await expect(page.getByTestId("account-trigger")).toContainText("novacek.brno");

    // Keyboard: Arrow Down opens the menu on its first item, arrows move on, Escape closes it and
    // returns to the trigger.
    const trigger = page.getByTestId("account-trigger");
    const dropdown = page.getByTestId("account-dropdown");
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    await expect(dropdown.getByRole("link", { name: "Přidat aukci" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(dropdown.getByRole("link", { name: "Přehled účtu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dropdown.getByRole("link", { name: "Přehled účtu" })).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the bell and the account trigger show polled counts every 10 s", async ({ page }) => {
    await page.clock.install();
    await open(page, "/");
    await logInThroughWidget(page, DEMO.seller);
    await page.route("**/api/message?counter=1", (route) =>
      route.fulfill({ json: { total: 42, new: 7, system: 1 } }),
    );
    await page.route("**/api/me/advertisements/statistics", (route) =>
      route.fulfill({ json: { active: 3, started: 1, total: 99 } }),
    );
    const polled = page.waitForRequest("**/api/message?counter=1");
    await page.clock.fastForward(10_500);
    await polled;
    await expect(page.getByTestId("bell-count")).toHaveText("7");
    await expect(page.getByTestId("bell")).toHaveAttribute("aria-label", "Zprávy, 7 nepřečtených zpráv");
    await expect(page.getByTestId("account-notifications")).toHaveText(/^7/);
    await page.getByTestId("account-trigger").click();
    await expect(page.getByTestId("account-link-accountAdvertisements")).toContainText("99");
    await expect(page.getByTestId("account-link-accountMessages")).toContainText("42");

    // No new messages: the badge goes away.
    await page.route("**/api/message?counter=1", (route) =>
      route.fulfill({ json: { total: 42, new: 0, system: 0 } }),
    );
    await page.clock.fastForward(10_500);
    await expect(page.getByTestId("bell-count")).toHaveCount(0);
  });

  test("the language switcher goes to the same page in the other language, keeping the query", async ({
    page,
  }) => {
    await open(page, "/hledani?q=rum");
    const switcher = page.getByTestId("language-switcher-bar");
    const english = switcher.getByRole("link", { name: /English/ });
    await expect(english).toHaveAttribute("href", "/en/search?q=rum");
    await expect(english).toHaveAttribute("hreflang", "en");
    await expect(switcher.getByRole("link", { name: /Čeština/ })).toHaveAttribute("aria-current", "true");
    await english.click();
    await expect(page).toHaveURL("/en/search?q=rum");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const czech = page.getByTestId("language-switcher-bar").getByRole("link", { name: /Čeština/ });
    await expect(czech).toHaveAttribute("href", "/hledani?q=rum");
    await expect(czech).toHaveAttribute("hreflang", "cs");

    // Pages with params keep them; an info page goes straight to its English slug.
    await open(page, "/info/1/obchodni-podminky");
    await expect(
      page.getByTestId("language-switcher-bar").getByRole("link", { name: /English/ }),
    ).toHaveAttribute("href", "/en/info/1/terms-and-conditions");
  });

  test("the currency switcher stores the choice in the currencyId cookie and re-renders", async ({
    page,
    context,
  }) => {
    await open(page, "/");
    const switcher = page.getByTestId("currency-switcher-bar");
    const trigger = switcher.getByRole("button", { name: /Měna/ });
    await expect(trigger).toContainText("CZK");
    await trigger.click();
    await expect(switcher.getByRole("button", { name: /CZK/ }).last()).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // A product whose price is shown now, in CZK.
    const priced = page
      .getByTestId("product-card")
      .filter({ has: page.getByTestId("card-price").filter({ hasText: "Kč" }) })
      .first();
    const href = (await priced.getByRole("link").first().getAttribute("href"))!;
    const card = page
      .getByTestId("product-card")
      .filter({ has: page.locator(`a[href="${href}"]`) })
      .first();
    const czkText = plain((await card.getByTestId("card-price").textContent()) ?? "");
    expect(czkText).toMatch(/^\d{1,3}( \d{3})*,\d{2} Kč$/);
    const minor = Number(czkText.replace(/[^\d]/g, ""));

    await switcher.getByRole("button", { name: /EUR/ }).click();
    await expect(trigger).toContainText("EUR");
    const cookie = (await context.cookies()).find((entry) => entry.name === "currencyId");
    expect(cookie).toMatchObject({ value: "2", path: "/", sameSite: "Lax" });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // The same price re-rendered in EUR (docs/product/formats.md, "Money"): divided by the rate, the
    // currency's decimals, space-separated thousands, a decimal comma and the symbol.
    const currencies: Currency[] = await (await page.request.get("/api/lists/currencies")).json();
    const euro = currencies.find((currency) => currency.code === "EUR")!;
    const eurText = spelled(minor, euro);
    expect(eurText).toMatch(/^\d[\d ]*,\d{2} €$/);
    await expect
      .poll(async () => plain((await card.getByTestId("card-price").textContent()) ?? ""))
      .toBe(eurText);

    await page.reload();
    await expect(
      page.getByTestId("currency-switcher-bar").getByRole("button", { name: /Měna/ }),
    ).toContainText("EUR");
    await expect
      .poll(async () => plain((await card.getByTestId("card-price").textContent()) ?? ""))
      .toBe(eurText);

    // And back to Kč.
    await page.getByTestId("currency-switcher-bar").getByRole("button", { name: /Měna/ }).click();
    await page.getByTestId("currency-switcher-bar").getByRole("button", { name: /CZK/ }).last().click();
    await expect(
      page.getByTestId("currency-switcher-bar").getByRole("button", { name: /Měna/ }),
    ).toContainText("CZK");
    await expect
      .poll(async () => plain((await card.getByTestId("card-price").textContent()) ?? ""))
      .toBe(czkText);
  });

  test("the header is highlighted after scrolling past its height minus 75 px, and while hovered", async ({
    page,
  }) => {
    await open(page, "/");
    await page.mouse.move(640, 800);
    await page.evaluate(() => {
      document.body.style.minHeight = "4000px";
    });
    await expect(header(page)).not.toHaveClass(/is-highlighted/);
    const height = await header(page).evaluate((element) => element.getBoundingClientRect().height);
    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(height - 75) + 5);
    await expect(header(page)).toHaveClass(/is-highlighted/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header(page)).not.toHaveClass(/is-highlighted/);
    await header(page).hover();
    await expect(header(page)).toHaveClass(/is-highlighted/);
  });

  test("the header has no axe violations for a guest", async ({ page }) => {
    test.slow(); // axe is heavy on a busy machine
    await open(page, "/");
    await axeHeader(page);
    await page.getByTestId("currency-switcher-bar").getByRole("button").first().click();
    await axeHeader(page);
  });
});

test.describe("mobile header (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the burger toggles the mobile menu with search and categories; Escape closes and focus returns", async ({
    page,
  }) => {
    test.slow(); // axe is heavy on a busy machine
    await open(page, "/");
    const burger = page.getByTestId("burger");
    const menu = page.getByTestId("mobile-menu");
    await expect(page.getByTestId("search-bar")).toBeHidden();
    await expect(menu).toBeHidden();
    await burger.click();
    await expect(menu).toBeVisible();
    await expect(burger).toHaveClass(/is-active/);
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("combobox")).toBeVisible();
    await expect(menu.getByRole("navigation", { name: "Kategorie aukcí" })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await axeHeader(page);

    // Focus stays inside the menu.
    for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(burger).not.toHaveClass(/is-active/);
    await expect(burger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    await burger.click();
    await menu.getByRole("button", { name: "Zavřít menu" }).click();
    await expect(menu).toBeHidden();

    // Searching from the menu.
    await burger.click();
    await menu.getByRole("combobox").fill("doutník");
    await menu.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(`/hledani?q=${encodeURIComponent("doutník")}`);
    await expect(menu).toBeHidden();
  });

  test("the category tree expands, collapses and highlights the current category with its ancestors open", async ({
    page,
  }) => {
    await open(page, "/2/rum");
    await page.getByTestId("burger").click();
    const tree = page.getByTestId("mobile-menu").getByTestId("category-sidebar-menu");
    // Sidebar order: under Alkohol (1), Rum (2) and Whisky (3) first.
    const firstChildren = tree.locator('[data-category-id="1"] > div + div > ul > li');
    await expect(firstChildren.nth(0)).toHaveAttribute("data-category-id", "2");
    await expect(firstChildren.nth(1)).toHaveAttribute("data-category-id", "3");

    await expect(tree.getByTestId("category-link-2")).toHaveAttribute("aria-current", "page");
    await expect(tree.getByTestId("category-link-2")).toHaveAttribute("href", "/2/rum");
    await expect(tree.getByTestId("category-toggle-1")).toHaveAttribute("aria-expanded", "true");
    await expect(tree.getByTestId("category-toggle-2")).toHaveAttribute("aria-expanded", "false");
    await expect(tree.getByRole("link", { name: "Karibik" })).toBeHidden();

    await tree.getByTestId("category-toggle-2").click();
    await expect(tree.getByTestId("category-toggle-2")).toHaveAttribute("aria-expanded", "true");
    await expect(tree.getByRole("link", { name: "Karibik" })).toBeVisible();
    await tree.getByTestId("category-toggle-2").click();
    await expect(tree.getByRole("link", { name: "Karibik" })).toBeHidden();

    await tree.getByTestId("category-toggle-63").click();
    await tree.getByRole("link", { name: "Doutníky", exact: true }).click();
    await expect(page).toHaveURL(/\/64\/doutniky$/);
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });

  test("the login widget and the account dropdown fit the narrow screen", async ({ page }) => {
    await open(page, "/");
    await page.getByTestId("add-auction").click();
    const panel = loginWidget(page).getByRole("heading", { name: "Přihlášení" });
    await expect(panel).toBeVisible();
    const box = await loginWidget(page).locator("[data-open]").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");

    await logInThroughWidget(page, DEMO.buyer);
    await page.getByTestId("account-trigger").click();
    const dropdown = await page.getByTestId("account-dropdown").locator("[data-open]").boundingBox();
    expect(dropdown!.x).toBeGreaterThanOrEqual(0);
    expect(dropdown!.x + dropdown!.width).toBeLessThanOrEqual(375);
    // Nothing in the bar overflows the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
