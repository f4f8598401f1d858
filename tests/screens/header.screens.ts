/**
 * Screenshots of the header at 375, 768 and 1280 px (not part of the test suite): guest and
 * logged-in, with the mobile menu, the login widget and the account dropdown open. Run against a
 * running server:
 *
 *   SCREENS_URL=http://localhost:3301 node tests/screens/header.screens.ts
 *
 * PNGs go to /tmp/screens/header-<width>-<state>.png.
 */
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { answeredContext, launchScreensBrowser } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3301";
const OUT = "/tmp/screens";
const WIDTHS = [375, 768, 1280];
const ACCOUNT = {
  email: process.env.SCREENS_EMAIL ?? "prodejce@rarita.test",
  password: process.env.SCREENS_PASSWORD ?? "demo-prodejce",
};

async function newPage(browser: Browser, width: number): Promise<Page> {
  // Consent, age, intro popup and promo banner already answered: only the header is looked at.
  const context = await answeredContext(browser, BASE, width, { height: 860 });
  return context.newPage();
}

async function shot(page: Page, width: number, state: string) {
  await page.waitForTimeout(250); // transitions
  const file = `${OUT}/header-${width}-${state}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}

async function open(page: Page, path: string) {
  await page.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
  await page.locator('[data-testid="site-header"][data-ready="true"]').waitFor();
}

async function logIn(page: Page) {
  await page.getByTestId("login-trigger").click();
  const widget = page.getByTestId("login-widget");
  await widget.locator('input[name="email"]').fill(ACCOUNT.email);
  await widget.locator('input[name="password"]').fill(ACCOUNT.password);
  await widget.locator('button[type="submit"]').click();
  await page.getByTestId("account-trigger").waitFor();
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchScreensBrowser();
  try {
    for (const width of WIDTHS) {
      const mobile = width < 1028;
      const page = await newPage(browser, width);

      // Guest
      await open(page, "/");
      await shot(page, width, "guest");
      await page.mouse.wheel(0, 600);
      await page.mouse.move(width - 5, 700);
      await shot(page, width, "guest-scrolled");
      await page.evaluate(() => window.scrollTo(0, 0));

      await page.getByTestId("login-trigger").click();
      await shot(page, width, "login-open");
      await page.getByTestId("login-widget").locator('button[type="submit"]').click();
      await shot(page, width, "login-validation");
      await page.getByTestId("login-widget").locator('input[name="email"]').fill(ACCOUNT.email);
      await page.getByTestId("login-widget").locator('input[name="password"]').fill("spatne-heslo");
      await page.getByTestId("login-widget").locator('button[type="submit"]').click();
      await page.getByTestId("header-login-error").waitFor();
      await shot(page, width, "login-failed");
      await page.keyboard.press("Escape");

      if (mobile) {
        await page.getByTestId("burger").click();
        await shot(page, width, "menu-open");
        await page.getByTestId("mobile-menu").getByTestId("category-toggle-1").click();
        await page.getByTestId("mobile-menu").getByTestId("category-toggle-2").click();
        await shot(page, width, "menu-categories");
        await page.keyboard.press("Escape");
      } else {
        await page.getByTestId("currency-switcher-bar").getByRole("button").first().click();
        await shot(page, width, "currency-open");
        await page.keyboard.press("Escape");
      }

      // Logged in
      await logIn(page);
      await open(page, "/");
      await shot(page, width, "user");
      await page.getByTestId("account-trigger").click();
      await shot(page, width, "account-open");
      await page.keyboard.press("Escape");
      if (mobile) {
        await page.getByTestId("burger").click();
        await shot(page, width, "user-menu-open");
        await page.keyboard.press("Escape");
      }

      // English
      await open(page, "/en");
      await shot(page, width, "user-en");
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
}

await main();
