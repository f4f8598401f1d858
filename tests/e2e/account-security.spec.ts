import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { answerConsent, expect, hydrated, logIn, test } from "./fixtures.ts";

/**
 * Issue 5 items 5, 6 and 8 in the browser: the verified account by SMS code (read from the
 * development SMS outbox), newsletter preferences, revoking another device's session, and the
 * Content-Security-Policy nonce. Each story uses its own seeded collector (server/db/seed/
 * users-data.ts), so that nothing here changes an account other specs log in with.
 */
const collector = (n: number) => ({ email: `sberatel${n}@rarita.test`, password: "demo-sberatel" });
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

/** The newest code texted to a number, from the development SMS outbox. */
async function lastCode(request: APIRequestContext, to: string): Promise<string> {
  const { messages } = (await (await request.get("/dev/sms-outbox")).json()) as {
    messages: { to: string; text: string }[];
  };
  const text = messages.filter((message) => message.to === to).at(-1)?.text ?? "";
  return text.match(/\b(\d{6})\b/)?.[1] ?? "";
}

test("a collector verifies the account with the SMS code after a wrong one and gets the badge", async ({
  page,
}) => {
  // sberatel2 (caroni.hunter) is unverified, phone +420 721 234 567.
  await logIn(page, collector(2), "/ucet/prehled");
  const verification = page.getByTestId("overview-verification");
  await expect(verification).toContainText("Ověřte si účet kódem z SMS.");
  await expect(page.getByTestId("overview-quota")).toContainText("Inzeráty zdarma");
  await verification.getByRole("link", { name: "Ověřit účet" }).click();
  await expect(page).toHaveURL("/ucet/overeny-ucet");

  await page.getByRole("button", { name: "Poslat kód" }).click();
  await expect(page.getByTestId("verification-sent")).toHaveText(
    "Kód jsme poslali na číslo +420 721 234 567. Platí 10 minut.",
  );
  const code = await lastCode(page.request, "+420721234567");
  expect(code).toMatch(/^\d{6}$/);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Ověřovací kód").fill(wrong);
  await page.getByRole("button", { name: "Ověřit účet" }).click();
  await expect(page.getByTestId("verification-error")).toHaveText("Nesprávný kód. Zkuste to prosím znovu.");

  await page.getByLabel("Ověřovací kód").fill(code);
  await page.getByRole("button", { name: "Ověřit účet" }).click();
  await expect(page.getByTestId("verification-done").getByTestId("verified-badge")).toHaveText(
    "Ověřený prodejce",
  );

  await page.goto("/ucet/prehled");
  await expect(page.getByTestId("account-overview").getByTestId("verified-badge").first()).toBeVisible();
  await expect(page.getByTestId("overview-quota")).toContainText(
    "S ověřeným účtem přidáváte inzeráty bez omezení.",
  );
});

test("newsletter categories are saved from the account page with the success message", async ({ page }) => {
  await logIn(page, collector(5), "/ucet/newslettery");
  await hydrated(page);
  const rum = page.getByRole("checkbox", { name: "Rum", exact: true });
  const jamaica = page.getByRole("checkbox", { name: "Jamajka", exact: true });
  if (await rum.isChecked()) await rum.uncheck();
  // Check-down mode: ticking a category ticks everything below it.
  await rum.check();
  await expect(jamaica).toBeChecked();
  await page.getByRole("button", { name: /^Uložit/ }).click();
  await expect(page.getByTestId("snackbars").locator("li")).toHaveText("Nastavení bylo úspěšně uloženo.");
  await expect(page.getByTestId("newsletter-status")).not.toHaveAttribute("data-status", "none");

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Jamajka", exact: true })).toBeChecked();
});

test("a device logged out from another one is logged out on its next request", async ({
  browser,
  baseURL,
}) => {
  const open = async (userAgent?: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ userAgent });
    await answerConsent(context, baseURL!);
    return { context, page: await context.newPage() };
  };
  const first = await open();
  const second = await open(FIREFOX_WINDOWS);
  try {
    await logIn(second.page, collector(3), "/ucet/prehled");
    await logIn(first.page, collector(3), "/ucet/prihlasena-zarizeni");

    const list = first.page.getByTestId("session-list");
    await expect(list.locator('[data-current="true"]')).toContainText("Toto zařízení");
    await first.page.getByRole("button", { name: "Odhlásit zařízení Firefox, Windows" }).click();
    await expect(first.page.getByTestId("saved-message")).toHaveText("✓ Zařízení bylo odhlášeno.");
    await expect(first.page.getByRole("button", { name: "Odhlásit zařízení Firefox, Windows" })).toHaveCount(
      0,
    );

    // The other browser's next request finds no session: the account page sends it to log in.
    await second.page.reload();
    await expect(second.page).toHaveURL("/ucet?redirect=%2Fucet%2Fprehled");
    // The first one stays logged in.
    await first.page.reload();
    await expect(first.page.getByTestId("sessions-page")).toBeVisible();
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test("every HTML page has a CSP with a fresh nonce, and home, a product and registration run without violations", async ({
  page,
  request,
}) => {
  const nonceOf = (policy: string | undefined) => policy?.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
  const firstResponse = await request.get("/");
  const firstNonce = nonceOf(firstResponse.headers()["content-security-policy"]);
  expect(firstNonce).toBeTruthy();
  expect(await firstResponse.text()).toContain(`nonce="${firstNonce}"`);
  expect(nonceOf((await request.get("/")).headers()["content-security-policy"])).not.toBe(firstNonce);

  // A product page: the first demo id that redirects to its canonical product URL.
  let product = "";
  for (let id = 1; id <= 20 && !product; id++) {
    const response = await request.get(`/${id}/x`, { maxRedirects: 0 });
    if (response.status() === 301) product = response.headers().location;
  }
  expect(product).not.toBe("");

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", product, "/registrace"]) {
    const response = await page.goto(path);
    expect(nonceOf(response?.headers()["content-security-policy"])).toBeTruthy();
    await hydrated(page);
  }
  expect(violations).toEqual([]);
});
