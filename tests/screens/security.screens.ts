/**
 * Screenshots of what issue 13 changed for a visitor, at 375, 768 and 1280 px (not part of the
 * test suite): the page after registration (which no longer logs in), the login form while it
 * answers the challenge of an attacked account, the API docs page under the CSP, the answer to a
 * form post with a control character, and a paid order whose second payment was refunded (the
 * operator marked the transfer paid while the card payment was open). Run against a running demo
 * server:
 *
 *   SCREENS_URL=http://localhost:3100 node tests/screens/security.screens.ts [widths...]
 *
 * The demo seller has one listing that can be promoted: give one width per fresh demo server.
 *
 * PNGs go to /tmp/screens/security-<page>-<width>.png.
 */
import fs from "node:fs";
import http from "node:http";
import { fillRegistration } from "../browser-setup.ts";
import { answeredContext, launchScreensBrowser, logIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3100";
const OUT = "/tmp/screens";
const widths = process.argv.slice(2).map(Number).filter(Boolean);
fs.mkdirSync(OUT, { recursive: true });

const password = "Sbirka doutniku z Kuby 1998";

/** Wrong passwords from two other loopback addresses, so the browser's 127.0.0.1 stays a new place. */
async function failLogins(email: string, count: number) {
  const url = new URL("/api/auth/login", BASE);
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: url.port,
          path: url.pathname,
          method: "POST",
          localAddress: i % 2 ? "127.0.0.3" : "127.0.0.2",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
        },
        (response) => response.resume().on("end", resolve),
      );
      request.on("error", reject);
      request.end(JSON.stringify({ email, password: `hadam-${i}` }));
    });
  }
}

/** The operator marks an order paid (a bank transfer arrived), through the admin API. */
async function markPaidByOperator(orderId: string) {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: "admin@rarita.test", password: "demo-spravce" }),
  });
  const { token } = (await login.json()) as { token: string };
  const paid = await fetch(`${BASE}/api/admin/orders/${orderId}/paid`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
  });
  if (!paid.ok) throw new Error(`marking order ${orderId} paid answered ${paid.status}`);
}

const browser = await launchScreensBrowser();
try {
  for (const width of widths.length ? widths : [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    const id = `${width}${Date.now().toString(36)}`;
    const email = `screens.${id}@example.cz`;

    await page.goto(`${BASE}/registrace`);
    await fillRegistration(page, { email, username: `screens.${id}`, password });
    await page.getByRole("button", { name: "Zaregistrovat se" }).click();
    await page.waitForURL(/\/registrace\/dekujeme$/, { timeout: 60_000 });
    await page.screenshot({ path: `${OUT}/security-welcome-${width}.png`, fullPage: true });

    // An attacked account: the owner's new browser is asked for proof of work, shown while solved.
    await failLogins(email, 12);
    await page.goto(`${BASE}/ucet`);
    await page.locator("#login-email").fill(email);
    await page.locator("#login-password").fill(password);
    await page.locator("main form:has(#login-email)").getByRole("button", { name: "Přihlásit se" }).click();
    await page.getByTestId("login-challenge").waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/security-challenge-${width}.png`, fullPage: true });
    await page.waitForURL(/\/ucet\/prehled$/, { timeout: 60_000 });

    await page.goto(`${BASE}/api/docs`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${OUT}/security-apidocs-${width}.png` });

    // A form post with a NUL byte: the translated refusal instead of a server error.
    await page.goto(`${BASE}/ucet/fakturacni-udaje`);
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      const input = document.createElement("input");
      input.name = "name";
      input.value = "Karel\u0000Sběratel";
      form.append(input);
      document.body.append(form);
      form.submit();
    });
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${OUT}/security-control-${width}.png`, fullPage: true });
    await context.close();

    // One order, one charge: the card payment that succeeds after the transfer is refunded. (A
    // promotion already running is extended, so any live listing will do.)
    const seller = await answeredContext(browser, BASE, width);
    const sellerPage = await seller.newPage();
    await logIn(
      sellerPage,
      BASE,
      { email: "prodejce@rarita.test", password: "demo-prodejce" },
      "/ucet/vase-aukce",
    );
    await sellerPage.waitForURL(`${BASE}/ucet/vase-aukce`);
    await sellerPage.goto(`${BASE}/ucet/vase-aukce?filter=active`);
    await sellerPage
      .getByTestId("my-listing")
      .filter({ has: sellerPage.getByTestId("my-listing-top") })
      .first()
      .getByTestId("my-listing-top")
      .click();
    await sellerPage.getByTestId("promote-submit").click();
    await sellerPage.getByTestId("order-summary").waitFor();
    const orderId = new URL(sellerPage.url()).pathname.split("/").at(-2) ?? "";
    await sellerPage.getByTestId("pay-card-submit").click();
    await sellerPage.getByTestId("test-gateway").waitFor();
    await markPaidByOperator(orderId);
    await sellerPage.getByTestId("test-gateway-pay").click();
    await sellerPage.locator('[data-testid="order-result"][data-tone="success"]').waitFor();
    await sellerPage.waitForLoadState("networkidle");
    await sellerPage.screenshot({ path: `${OUT}/security-duplicate-${width}.png`, fullPage: true });
    await seller.close();
  }
} finally {
  await browser.close();
}
