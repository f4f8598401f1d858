import type { Page } from "@playwright/test";
import { DEMO, expect, headerReady, hydrated, submitLogin, test } from "./fixtures.ts";

/** The canonical and hreflang links in the page's head. */
async function headLinks(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const link of document.head.querySelectorAll<HTMLLinkElement>(
      'link[rel="canonical"], link[rel="alternate"][hreflang]',
    ))
      out[link.rel === "canonical" ? "canonical" : link.hreflang] = link.href;
    return out;
  });
}

test.describe("trailing slash", () => {
  test("redirects with 301 to the path without it, keeping the query and the hash", async ({
    page,
    request,
  }) => {
    const response = await request.get("/dokumenty/?razeni=nove", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/dokumenty?razeni=nove");
    await page.goto("/dokumenty/?razeni=nove#seznam");
    await expect(page).toHaveURL(/\/dokumenty\?razeni=nove#seznam$/);
  });

  test("leaves / alone", async ({ request }) => {
    expect((await request.get("/", { maxRedirects: 0 })).status()).toBe(200);
  });
});

test.describe("protected pages and login", () => {
  test("an anonymous user is sent to the login target and comes back to the wanted page, query included", async ({
    page,
  }) => {
    await page.goto("/ucet/prehled?zalozka=prihozy");
    await expect(page).toHaveURL("/ucet?redirect=%2Fucet%2Fprehled%3Fzalozka%3Dprihozy");
    await expect(page.getByRole("heading", { name: "Přihlášení" })).toBeVisible();
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled?zalozka=prihozy");
    await expect(page.getByTestId("account-welcome")).toContainText("Vítejte");
  });

  test("the English twin works the same way", async ({ page }) => {
    await page.goto("/en/account/overview");
    await expect(page).toHaveURL("/en/account?redirect=%2Fen%2Faccount%2Foverview");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/en/account/overview");
  });

  for (const unsafe of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
    test(`an unsafe redirect value (${unsafe}) falls back to the account overview`, async ({ page }) => {
      await page.goto(`/ucet?redirect=${encodeURIComponent(unsafe)}`);
      await submitLogin(page, DEMO.buyer);
      await expect(page).toHaveURL("/ucet/prehled");
    });
  }

  test("the login target checks the fields like the widget, shows the server's errors per field and reports a failed login", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/ucet");
    await headerReady(page);
    const main = page.locator("main");
    const submit = main.getByRole("button", { name: "Přihlásit se" });
    await submit.click();
    await expect(main.getByTestId("login-email-error")).toHaveText("Pole musí být vyplněno");
    await expect(main.getByTestId("login-password-error")).toHaveText("Pole musí být vyplněno");
    await expect(main.getByLabel("E-mail")).toBeFocused();
    await main.getByLabel("E-mail").fill("kupec");
    await main.getByLabel("Heslo").fill("x");
    await submit.click();
    await expect(main.getByTestId("login-email-error")).toHaveText("Pole musí obsahovat platný email.");
    await expect(main.getByTestId("login-password-error")).toHaveCount(0);

    // The server applies the same rules (a form sent before scripts run, or by another client).
    const post = (form: Record<string, string>) =>
      request.post("/ucet", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    const empty = await post({ email: "", password: "" });
    expect(empty.status()).toBe(422);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toMatch(/id="login-email-error"[^>]*>Pole musí být vyplněno</);
    expect(emptyHtml).toMatch(/id="login-password-error"[^>]*>Pole musí být vyplněno</);
    const malformed = await post({ email: "kupec", password: "x" });
    expect(malformed.status()).toBe(422);
    expect(await malformed.text()).toMatch(/id="login-email-error"[^>]*>Pole musí obsahovat platný email.</);

    await main.getByLabel("E-mail").fill(DEMO.buyer.email);
    await main.getByLabel("Heslo").fill("spatne-heslo");
    await submit.click();
    await expect(page.getByTestId("login-error")).toHaveText("Nesprávný e-mail nebo heslo.");
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map(
        (entry) => entry.event,
      ),
    );
    expect(events.filter((event) => event === "login_failure")).toHaveLength(1);
    await page.goto("/ucet/prehled");
    await expect(page).toHaveURL(/\/ucet\?redirect=/);
  });

  // Without a redirect value it goes to the account overview (header.spec.ts).
  test("the login widget goes to the redirect query value", async ({ page }) => {
    await page.goto("/dokumenty?redirect=%2Fucet%2Fsledovane-aukce");
    await headerReady(page);
    await page.getByTestId("login-trigger").click();
    const widget = page.getByTestId("login-widget");
    await widget.getByLabel("E-mail").fill(DEMO.buyer.email);
    await widget.getByLabel("Heslo", { exact: true }).fill(DEMO.buyer.password);
    await widget
      .getByRole("form", { name: "Přihlášení" })
      .getByRole("button", { name: "Přihlásit se" })
      .click();
    await expect(page).toHaveURL("/ucet/sledovane-aukce");
  });

  test("when the session ends elsewhere, the next poll sends a protected page to the login target; other pages stay", async ({
    page,
    context,
  }) => {
    await page.clock.install();
    // Logout in another tab, expiry or revocation: the browser no longer holds a valid session.
    const endSession = async () => {
      await headerReady(page);
      await expect(page.getByTestId("account-trigger")).toBeVisible();
      await context.clearCookies({ name: "auth._token" });
      await page.clock.fastForward(10_500);
    };

    await page.goto("/ucet?redirect=%2Fdokumenty");
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/dokumenty");
    await endSession();
    await expect(page.getByTestId("login-trigger")).toBeVisible();
    await expect(page).toHaveURL("/dokumenty");

    await page.goto("/ucet/prehled");
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    await endSession();
    await expect(page).toHaveURL("/ucet?redirect=%2Fucet%2Fprehled");
    await expect(page.getByRole("heading", { name: "Přihlášení" })).toBeVisible();
  });

  test("the session lives in an httpOnly SameSite=Lax cookie that page scripts cannot read", async ({
    page,
    context,
  }) => {
    await page.goto("/ucet");
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    const session = (await context.cookies()).find((cookie) => cookie.name === "auth._token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("auth._token");
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session!.value);
  });

  test("a logged-in user opening the login target goes on to the overview, a guest-only page sends home, and logout sends home", async ({
    page,
    context,
  }) => {
    await page.goto("/ucet");
    await submitLogin(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    await page.goto("/ucet");
    await expect(page).toHaveURL("/ucet/prehled");
    await page.goto("/registrace");
    await expect(page).toHaveURL("/");
    await page.goto("/en/register");
    await expect(page).toHaveURL("/en");
    await page.goto("/ucet/prehled");
    await page.locator("main").getByTestId("logout-form").getByRole("button").click();
    await expect(page).toHaveURL("/");
    expect((await context.cookies()).find((cookie) => cookie.name === "auth._token")).toBeUndefined();
    await page.goto("/ucet/prehled");
    await expect(page).toHaveURL(/\/ucet\?redirect=/);
  });

  test("a cross-site form post is refused (CSRF)", async ({ request }) => {
    const response = await request.post("/ucet", {
      headers: { Origin: "https://evil.example" },
      form: { email: DEMO.buyer.email, password: DEMO.buyer.password },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("error and content pages", () => {
  test("an unknown route shows the 404 page with its documented texts in both languages", async ({
    page,
  }) => {
    const response = await page.goto("/tohle/urcite/neexistuje/vubec");
    expect(response?.status()).toBe(404);
    const error = page.getByTestId("error-page");
    await expect(error.getByTestId("error-status")).toHaveText("404");
    await expect(error.getByRole("heading", { level: 1 })).toHaveText("Stránka nenalezena");
    await expect(error.getByTestId("error-message")).toHaveText("This page could not be found");
    await expect(error).toContainText("Stránka, kterou hledáte, neexistuje nebo byla přesunuta.");
    await expect(page.getByRole("link", { name: "Zpět na úvodní stránku" })).toHaveAttribute("href", "/");

    expect((await page.goto("/en/this/does/not/exist"))?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(error.getByRole("heading", { level: 1 })).toHaveText("This page could not be found");
    await expect(error.getByTestId("error-message")).toHaveCount(0);
    await expect(error).toContainText("The page you are looking for does not exist or has moved.");
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/en");
  });

  test("other errors show their status and message, never an exception's internals", async ({ page }) => {
    const cases = [
      ["/__diagnostics/middleware/nope", "Unknown middleware nope", "Zkuste to prosím znovu za chvíli."],
      ["/en/__diagnostics/middleware/nope", "Unknown middleware nope", "Please try again in a moment."],
      ["/__diagnostics/crash", "Omlouváme se, ale nastala chyba.", "Zkuste to prosím znovu za chvíli."],
      ["/en/__diagnostics/crash", "We are sorry, an error has occurred.", "Please try again in a moment."],
    ];
    for (const [path, heading, guidance] of cases) {
      expect((await page.goto(path))?.status(), path).toBe(500);
      const error = page.getByTestId("error-page");
      await expect(error.getByTestId("error-status")).toHaveText("500");
      await expect(error.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(error).toContainText(guidance);
      await expect(error.getByRole("link")).toHaveAttribute("href", path.startsWith("/en") ? "/en" : "/");
      expect(await page.content()).not.toContain("internal-db");
    }
  });

  test("a server error's page names its request by the id of its X-Request-Id header", async ({ page }) => {
    // The id the server gives, the one its log line carries (server/http/request-log.ts and its test).
    const response = await page.goto("/__diagnostics/crash");
    expect(response?.status()).toBe(500);
    const id = response?.headers()["x-request-id"] ?? "";
    expect(id).toMatch(/^[\w.-]{8,100}$/);
    const reference = page.getByTestId("error-page").getByTestId("error-reference");
    await expect(reference).toHaveText(`Kód chyby: ${id}`);
    // Hydration keeps what the server wrote.
    await hydrated(page);
    await expect(reference).toHaveText(`Kód chyby: ${id}`);
    expect(await page.content()).not.toContain("internal-db");

    // A caller's own id (a proxy in front) is the one shown, in English on the English path.
    await page.setExtraHTTPHeaders({ "X-Request-Id": "support-case-0042" });
    const english = await page.goto("/en/__diagnostics/crash");
    expect(english?.headers()["x-request-id"]).toBe("support-case-0042");
    await expect(reference).toHaveText("Error reference: support-case-0042");

    // A 404 is no error to report.
    expect((await page.goto("/tohle/urcite/neexistuje/vubec"))?.status()).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(reference).toHaveCount(0);
  });

  test("the terms and privacy pages exist at their fixed paths, and a wrong slug is corrected", async ({
    page,
    request,
  }) => {
    expect((await page.goto("/info/1/obchodni-podminky"))?.status()).toBe(200);
    await expect(page.locator("h1")).not.toBeEmpty();
    expect((await page.goto("/info/2/gdpr"))?.status()).toBe(200);
    const wrong = await request.get("/info/1/spatny-slug", { maxRedirects: 0 });
    expect(wrong.status()).toBe(301);
    expect(wrong.headers().location).toBe("/info/1/obchodni-podminky");
    expect((await request.get("/info/999/nic", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("the documents page lists downloadable documents, with canonical and hreflang links", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/dokumenty?razeni=nove");
    await expect(page.getByRole("heading", { name: "Dokumenty" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Stáhnout/ }).first()).toBeVisible();
    expect(await headLinks(page)).toEqual({
      canonical: `${baseURL}/dokumenty`,
      cs: `${baseURL}/dokumenty`,
      en: `${baseURL}/en/documents`,
      "x-default": `${baseURL}/dokumenty`,
    });
  });

  test("an info page has hreflang links to its localised slugs, and the language switch goes straight there", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/info/1/obchodni-podminky?utm_source=newsletter");
    const links = {
      canonical: `${baseURL}/info/1/obchodni-podminky`,
      cs: `${baseURL}/info/1/obchodni-podminky`,
      en: `${baseURL}/en/info/1/terms-and-conditions`,
      "x-default": `${baseURL}/info/1/obchodni-podminky`,
    };
    expect(await headLinks(page)).toEqual(links);
    await headerReady(page);
    const redirects: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 300 && response.status() < 400) redirects.push(response.url());
    });
    await page
      .getByTestId("language-switcher-bar")
      .getByRole("link", { name: /English/ })
      .click();
    await expect(page).toHaveURL("/en/info/1/terms-and-conditions?utm_source=newsletter");
    await expect(page.locator("h1")).toHaveText("Terms and conditions");
    expect(redirects).toEqual([]);
    expect(await headLinks(page)).toEqual({ ...links, canonical: links.en });
  });

  test("navigation scrolls to the top, and a hash link to its target just below the sticky header", async ({
    page,
  }) => {
    await page.goto("/");
    await headerReady(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.locator("footer").getByRole("link", { name: "Dokumenty" }).click();
    await expect(page).toHaveURL("/dokumenty");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto("/uzivatel/5");
    await headerReady(page);
    await page.getByTestId("profile-rating").getByRole("link").click();
    await expect(page).toHaveURL("/uzivatel/5#reviews-title");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const { headerBottom, targetTop } = await page.evaluate(() => ({
      headerBottom: document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect().bottom,
      targetTop: document.getElementById("reviews-title")!.getBoundingClientRect().top,
    }));
    // Visible under the header, not hidden behind it, and scrolled up to it (not left mid-page).
    expect(targetTop).toBeGreaterThanOrEqual(headerBottom);
    expect(targetTop).toBeLessThan(headerBottom + 40);
  });

  test("a visit sets no locale cookie; switching the language stores it for 365 days", async ({
    page,
    context,
  }) => {
    // The path says the language; a page that sets no cookie can be kept by a shared cache.
    const response = await page.goto("/en");
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    const localeCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "locale");
    expect(await localeCookie()).toBeUndefined();
    await headerReady(page);
    await page.getByTestId("language-switcher-bar").getByRole("link", { name: /CS/ }).click();
    await expect(page).toHaveURL("/");
    const locale = await localeCookie();
    expect(locale?.value).toBe("cs");
    const days = (locale!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  });
});
