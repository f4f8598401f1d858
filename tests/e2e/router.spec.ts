import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures.ts";

async function logInOnTargetPage(page: Page, account: { email: string; password: string }) {
  const form = page.locator("main form").filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.getByRole("button", { name: /Přihlásit se|Log in/ }).click();
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
  test("an anonymous user is sent to the login target and comes back to the wanted page after login", async ({
    page,
  }) => {
    await page.goto("/ucet/prehled");
    await expect(page).toHaveURL("/ucet?redirect=%2Fucet%2Fprehled");
    await expect(page.getByRole("heading", { name: "Přihlášení" })).toBeVisible();
    await logInOnTargetPage(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    await expect(page.getByTestId("account-welcome")).toContainText("Vítejte");
  });

  test("the English twin works the same way", async ({ page }) => {
    await page.goto("/en/account/overview");
    await expect(page).toHaveURL("/en/account?redirect=%2Fen%2Faccount%2Foverview");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await logInOnTargetPage(page, DEMO.buyer);
    await expect(page).toHaveURL("/en/account/overview");
  });

  for (const unsafe of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
    test(`an unsafe redirect value (${unsafe}) falls back to the account overview`, async ({ page }) => {
      await page.goto(`/ucet?redirect=${encodeURIComponent(unsafe)}`);
      await logInOnTargetPage(page, DEMO.buyer);
      await expect(page).toHaveURL("/ucet/prehled");
    });
  }

  test("a wrong password shows errors.login and keeps the user out", async ({ page }) => {
    await page.goto("/ucet");
    await logInOnTargetPage(page, { email: DEMO.buyer.email, password: "spatne-heslo" });
    await expect(page.getByTestId("login-error")).toHaveText("Nesprávný e-mail nebo heslo.");
    await page.goto("/ucet/prehled");
    await expect(page).toHaveURL(/\/ucet\?redirect=/);
  });

  test("the session lives in an httpOnly SameSite=Lax cookie that page scripts cannot read", async ({
    page,
    context,
  }) => {
    await page.goto("/ucet");
    await logInOnTargetPage(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    const session = (await context.cookies()).find((cookie) => cookie.name === "auth._token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("auth._token");
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session!.value);
  });

  test("a logged-in user opening the login target goes on to the overview, and logout sends home", async ({
    page,
    context,
  }) => {
    await page.goto("/ucet");
    await logInOnTargetPage(page, DEMO.buyer);
    await expect(page).toHaveURL("/ucet/prehled");
    await page.goto("/ucet");
    await expect(page).toHaveURL("/ucet/prehled");
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
  test("an unknown route shows the 404 page with the spec's texts in both languages", async ({ page }) => {
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

  test("the terms and privacy pages exist at their spec paths, and a wrong slug is corrected", async ({
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

  test("the documents page lists downloadable documents", async ({ page }) => {
    await page.goto("/dokumenty");
    await expect(page.getByRole("heading", { name: "Dokumenty" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Stáhnout/ }).first()).toBeVisible();
  });

  test("the locale cookie follows the page language for 365 days", async ({ page, context }) => {
    await page.goto("/en");
    const locale = (await context.cookies()).find((cookie) => cookie.name === "locale");
    expect(locale?.value).toBe("en");
    const days = (locale!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  });
});
