import type { Browser, Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { fillRegistration, submitLogin } from "../browser-setup.ts";
import { violations } from "./axe.ts";
import { answerConsent, DEMO, expect, logIn, openRegistration, test } from "./fixtures.ts";
import { signInStaff, submitSecondFactor } from "./staff.ts";

/**
 * The staff's sign-in with the second factor, its recovery codes and lockout, the staff and audit
 * screens (docs/product/back-office.md, "Staff and scopes", "Signing in").
 */

const PASSWORD = "Spravne-Heslo-123";

async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext();
  await answerConsent(context, baseURL);
  return context.newPage();
}

test("a moderator signs in with the TOTP code and lands on the admin page asked for", async ({ page }) => {
  // The real sign-in (login form, then the code), not the run's shared session (tests/e2e/staff.ts).
  await signInStaff(page, "moderator@rarita.test", { to: "/admin/moderace", fresh: true });
  await expect(page.getByTestId("admin-layout")).toBeVisible();
  // The menu shows the moderator's areas only.
  await expect(page.getByTestId("admin-nav").getByRole("link", { name: "Tým" })).toHaveCount(0);
  // The account menu leads back to the back office.
  await page.goto("/ucet/prehled");
  await expect(page.getByRole("link", { name: "Administrace" }).first()).toBeAttached();
});

test("a plain user opening /admin gets 403, a guest goes to the login", async ({
  page,
  browser,
  baseURL,
}) => {
  const guest = await freshPage(browser, baseURL!);
  await guest.goto("/admin/tym");
  await expect(guest).toHaveURL(/\/ucet\?redirect=%2Fadmin%2Ftym/);
  await guest.context().close();

  await logIn(page, DEMO.buyer);
  await page.waitForURL(/\/ucet\/prehled/);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  expect((await page.goto("/admin/overeni"))?.status()).toBe(403);
});

test("a new staff member sets up the factor, signs in with a recovery code once, and wrong codes lock it", async ({
  page,
  browser,
  baseURL,
}) => {
  // A long story across four browser contexts (the machine's other runs slow it down too).
  test.setTimeout(240_000);
  // A collector registers; the owner makes them an editor on the staff page.
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `redaktor.${id}@example.cz`;
  const member = await freshPage(browser, baseURL!);
  await openRegistration(member);
  await fillRegistration(member, { email, username: `redaktor.${id}`, password: PASSWORD });
  await member.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(member).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  await member.context().close();

  await signInStaff(page, "admin@rarita.test", { to: "/admin/tym" });
  const add = page.getByRole("region", { name: "Přidat pracovníka" });
  await add.getByRole("textbox", { name: "E-mail" }).fill(email);
  await add.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await add.getByRole("button", { name: "Přidat" }).click();
  await expect(page.getByTestId("admin-staff").getByRole("status")).toHaveText("Uloženo.");
  await expect(page.getByTestId("table-staff")).toContainText(email);
  expect(await violations(page)).toEqual([]);

  // The member's login leads to setting the factor up: QR code, secret, a code, 10 recovery codes.
  const device = await freshPage(browser, baseURL!);
  await device.goto("/ucet?redirect=%2Fadmin%2Fobsah%2Fbannery");
  await submitLogin(device, { email, password: PASSWORD });
  await expect(device).toHaveURL(/\/admin\/dvoufazove-overeni\?redirect=/);
  await expect(device.getByRole("img", { name: /QR kód/ })).toBeVisible();
  expect(await violations(device)).toEqual([]);
  const secret = (await device.getByTestId("second-factor-secret").textContent())!.replace(/\s/g, "");
  const totp = new TOTP({ secret });
  const setup = device.getByTestId("second-factor-setup-form");
  await setup.getByRole("textbox").fill("000000");
  await setup.getByRole("button", { name: "Zapnout ověření" }).click();
  await expect(setup.getByText("Kód nesouhlasí")).toBeVisible();
  await setup.getByRole("textbox").fill(totp.generate());
  await setup.getByRole("button", { name: "Zapnout ověření" }).click();
  const recovery = device.getByTestId("recovery-codes").getByRole("listitem");
  await expect(recovery).toHaveCount(10);
  const codes = await recovery.allTextContents();
  const onward = device.getByRole("link", { name: "Pokračovat do administrace" });
  await expect(onward).toHaveAttribute("href", "/admin/obsah/bannery");
  await onward.click();
  await expect(device).toHaveURL("/admin/obsah/bannery");
  await device.context().close();

  // Another device: the code page, then a recovery code instead of the app.
  const second = await freshPage(browser, baseURL!);
  await second.goto("/ucet");
  await submitLogin(second, { email, password: PASSWORD });
  await expect(second).toHaveURL(/\/admin\/overeni\?redirect=%2Fadmin$/);
  expect(await violations(second)).toEqual([]);
  expect(await submitSecondFactor(second, codes[0].toUpperCase())).toBe("passed");
  await expect(second).toHaveURL("/admin");
  await second.context().close();

  // A third: the used recovery code is refused; the fifth wrong code in a row locks the factor.
  const third = await freshPage(browser, baseURL!);
  await third.goto("/ucet");
  await submitLogin(third, { email, password: PASSWORD });
  await expect(third).toHaveURL(/\/admin\/overeni/);
  expect(await submitSecondFactor(third, codes[0])).toBe("invalid");
  await expect(third.getByText("Kód nesouhlasí")).toBeVisible();
  for (const wrong of ["111111", "222222", "333333"])
    expect(await submitSecondFactor(third, wrong)).toBe("invalid");
  expect(await submitSecondFactor(third, "444444")).toBe("locked");
  await expect(third.getByText("Ověření je zamčené, zkuste to znovu za 15 min.")).toBeVisible();
  // Even the right code waits for the lock.
  expect(await submitSecondFactor(third, totp.generate())).toBe("locked");
  await expect(third).toHaveURL(/\/admin\/overeni/);
  await third.context().close();

  // The owner sees the lock in the audit log and resets the member's factor.
  await page.goto("/admin/audit?action=secondFactor.lock");
  await expect(page.getByTestId("table-audit")).toContainText(`redaktor.${id}`);
  expect(await violations(page)).toEqual([]);
  await page.goto("/admin/tym");
  await page.locator(`form[aria-label="Zrušit druhý faktor: redaktor.${id}"]`).getByRole("button").click();
  await expect(page.getByTestId("admin-staff").getByRole("status")).toHaveText("Druhý faktor byl zrušen.");
});
