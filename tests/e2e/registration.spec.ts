import type { Browser, BrowserContext, Page } from "@playwright/test";
import { fillRegistration as fillRegistrationForm } from "../browser-setup.ts";
import { answerConsent, DEMO, expect, logIn, openRegistration, test } from "./fixtures.ts";
import { caughtMails, mailLink } from "./mail.ts";

/**
 * Registration, e-mail confirmation and password reset in the browser. Mails are read as the e2e
 * server's SMTP server caught them (tests/e2e/mail.ts).
 */
async function answerAgeGate(context: BrowserContext, baseURL: string) {
  const domain = new URL(baseURL).hostname;
  await context.addCookies([
    { name: "age-confirmed", value: "1", domain, path: "/" },
    { name: "intro-popup", value: "hidden", domain, path: "/" },
  ]);
}

test.beforeEach(async ({ context, baseURL }) => {
  // Every submit of the form first solves a proof of work in the browser: give busy machines time.
  test.slow();
  await answerAgeGate(context, baseURL!);
});

/** A second browser (another session) with consent and age answered like the fixture's. */
async function secondBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  await answerConsent(context, baseURL);
  await answerAgeGate(context, baseURL);
  return context;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = "Sbirka jamajskych rumu 1998";

const fillRegistration = (page: Page, values: { email: string; username: string; password?: string }) =>
  fillRegistrationForm(page, { ...values, password: values.password ?? PASSWORD });

async function register(page: Page, options: { newsletter?: boolean } = {}) {
  const id = unique();
  const email = `sberatel.${id}@example.cz`;
  await openRegistration(page);
  await fillRegistration(page, { email, username: `sberatel.${id}` });
  if (options.newsletter)
    await page
      .getByTestId("register-form")
      .getByLabel(/newsletter/)
      .check();
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  await expect(page.getByTestId("welcome-login")).toBeVisible();
  await logIn(page, { email, password: PASSWORD }, "/ucet/prehled");
  return email;
}

test("a visitor registers, lands on the welcome page, confirms the e-mail from the mail and logs in", async ({
  page,
}) => {
  const id = unique();
  const email = `sberatel.${id}@example.cz`;
  await openRegistration(page);
  await fillRegistration(page, { email, username: `sberatel.${id}` });
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Vítejte v Raritě!" })).toBeVisible();
  await expect(page.getByTestId("welcome-login")).toBeVisible();

  const link = await mailLink(email, /Vítejte/, /\/potvrzeni-emailu\/[\w-]+/);
  await page.goto(link);
  await expect(page.getByTestId("email-confirmed")).toContainText(email);
  await logIn(page, { email, password: PASSWORD }, "/ucet/prehled");

  // The link works once; the second visit says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "E-mail už je potvrzený" })).toBeVisible();
});

test("the welcome page sends the confirmation e-mail again, greeting by first name", async ({ page }) => {
  const id = unique();
  const email = `sberatel.${id}@example.cz`;
  await openRegistration(page);
  await fillRegistration(page, { email, username: `sberatel.${id}` });
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  // The welcome mail greets by the first name typed in the form, not by the username.
  await mailLink(email, /Vítejte/, /\/potvrzeni-emailu\/[\w-]+/);
  const welcome = (await caughtMails()).filter((mail) => mail.to === email).at(-1)!;
  expect(welcome.text).toContain("Dobrý den, Karel,");
  expect(welcome.text).not.toContain(`sberatel.${id},`);

  const resend = page.getByTestId("welcome-resend");
  await expect(resend.getByRole("heading", { name: "Poslat potvrzovací e-mail znovu" })).toBeVisible();
  await resend.getByRole("textbox", { name: "E-mail" }).fill(email);
  await resend.getByRole("button", { name: "Poslat znovu" }).click();
  await expect(page.getByTestId("welcome-resend-sent")).toContainText(
    "poslali jsme na ni nový potvrzovací odkaz",
  );
  const link = await mailLink(email, /^Potvrďte prosím svůj e-mail$/, /\/potvrzeni-emailu\/[\w-]+/);
  await page.goto(link);
  await expect(page.getByTestId("email-confirmed")).toContainText(email);
});

test("the registration form shows the validation messages per field and keeps the entered values", async ({
  page,
}) => {
  await openRegistration(page);
  const form = page.getByTestId("register-form");
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(form.getByText("Pole musí být vyplněno").first()).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText("Pole musí být vyplněno")).toHaveCount(5);
  await expect(form.getByText(/nutný souhlas s obchodními podmínkami/)).toBeVisible();
  await expect(form.getByText("Registrovat se mohou jen osoby starší 18 let.")).toBeVisible();

  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill("neplatny-email");
  await form.getByRole("textbox", { name: "Uživatelské jméno", exact: true }).fill("spatne jmeno!");
  await form.getByRole("textbox", { name: "Heslo", exact: true }).fill("kratke");
  await form.getByRole("textbox", { name: "Heslo znovu", exact: true }).fill("jine");
  await page.locator("#register-phone").fill("60a123");
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  // Each submit first solves the form's proof of work in the browser: slow on a busy machine.
  await expect(form.getByText("Pole musí obsahovat platný email.")).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText("Pole musí obsahovat pouze alfanumerické znaky s tečkou.")).toBeVisible();
  await expect(form.getByText("Vyplňte prosím minimálně 8 znaků.")).toBeVisible();
  await expect(form.getByText("Toto pole je nutné potvrdit.")).toBeVisible();
  await expect(form.getByText("Pole musí obsahovat pouze číslice.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue("neplatny-email");

  // How guessable a password is only the server can tell: the browser's check (the same schema)
  // lets the form go once the rest is right, and the server refuses the common password.
  await fillRegistration(page, {
    email: `bezne.${unique()}@example.cz`,
    username: `bezne.${unique()}`,
    password: "heslo123",
  });
  await page.locator("#register-phone").fill("");
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(form.getByText(/příliš běžné/)).toBeVisible({ timeout: 20_000 });
});

test("a registered e-mail gets the same welcome page as a new one, and its owner a mail instead", async ({
  page,
}) => {
  await openRegistration(page);
  await fillRegistration(page, { email: DEMO.buyer.email.toUpperCase(), username: `dup.${unique()}` });
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });
  await expect(page.getByTestId("welcome-login")).toBeVisible();
  await expect(page.getByText(/už existuje/)).toHaveCount(0);
  await mailLink(DEMO.buyer.email, /Pokus o registraci/, /\/obnova-hesla/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form submits and is refused with a clear message, keeping the values", async ({ page }) => {
    const email = `bez.js.${unique()}@example.cz`;
    await page.goto("/registrace");
    await fillRegistration(page, { email, username: `bezjs.${unique()}` });
    await page.getByRole("button", { name: "Zaregistrovat se" }).click();
    await expect(page.getByTestId("form-error")).toContainText("JavaScript");
    await expect(
      page.getByTestId("register-form").getByRole("textbox", { name: "E-mail", exact: true }),
    ).toHaveValue(email);
    await expect(
      page.getByTestId("register-form").getByRole("textbox", { name: "Heslo", exact: true }),
    ).toHaveValue("");
  });
});

test("password reset end to end: same answer, mail, new password, old session out, login", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await register(page); // this browser is logged in with the old password

  const other = await secondBrowser(browser, baseURL!);
  const resetPage = await other.newPage();
  await resetPage.goto("/obnova-hesla");
  await resetPage.getByRole("textbox", { name: "E-mail", exact: true }).fill(`nikdo.${unique()}@example.cz`);
  await resetPage.getByRole("button", { name: "Poslat odkaz" }).click();
  const answer =
    "Pokud u nás účet s tímto e-mailem existuje, poslali jsme na něj odkaz pro nastavení nového hesla.";
  await expect(resetPage.getByTestId("reset-sent")).toHaveText(answer);

  await resetPage.goto("/obnova-hesla");
  await resetPage.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await resetPage.getByRole("button", { name: "Poslat odkaz" }).click();
  await expect(resetPage.getByTestId("reset-sent")).toHaveText(answer);

  const link = await mailLink(email, /nového hesla/, /\/zmena-hesla\/[\w-]+/);
  await resetPage.goto(link);
  const newPassword = "Uplne nove heslo pro sbirku";
  await resetPage.getByRole("textbox", { name: "Nové heslo", exact: true }).fill(newPassword);
  await resetPage.getByRole("textbox", { name: "Nové heslo znovu", exact: true }).fill(newPassword);
  await resetPage.getByRole("button", { name: "Uložit nové heslo" }).click();
  await expect(resetPage).toHaveURL(/\/ucet\?notice=password-changed$/);

  // The session from registration is over.
  await page.goto("/ucet/prehled");
  await expect(page).toHaveURL(/\/ucet\?redirect=/);

  // The old password no longer works, the new one does.
  await resetPage.locator("#login-email").fill(email);
  await resetPage.locator("#login-password").fill(PASSWORD);
  const loginButton = resetPage
    .locator("form:has(#login-email)")
    .getByRole("button", { name: "Přihlásit se" });
  await loginButton.click();
  await expect(resetPage.getByTestId("login-error")).toBeVisible();
  await resetPage.locator("#login-email").fill(email);
  await resetPage.locator("#login-password").fill(newPassword);
  await loginButton.click();
  await expect(resetPage).toHaveURL(/\/ucet\/prehled$/);

  // A used link gets a clear page with a way to ask again.
  await resetPage.goto(link);
  await expect(resetPage.getByRole("heading", { name: "Odkaz už byl použit" })).toBeVisible();
  await resetPage.getByRole("link", { name: "Požádat o nový odkaz" }).click();
  await expect(resetPage).toHaveURL(/\/obnova-hesla$/);
  await other.close();
});

test("an unknown password link and e-mail link get clear pages", async ({ page }) => {
  await page.goto("/zmena-hesla/neexistujici-odkaz");
  await expect(page.getByRole("heading", { name: "Neplatný odkaz" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Požádat o nový odkaz" })).toBeVisible();
  await page.goto("/potvrzeni-emailu/neexistujici-odkaz");
  await expect(page.getByRole("heading", { name: "Neplatný odkaz" })).toBeVisible();
  await page.goto("/newsletter/odhlaseni/neexistujici-odkaz");
  await page.getByRole("button", { name: "Odhlásit odběr" }).click();
  await expect(page.getByRole("heading", { name: "Odkaz nelze použít" })).toBeVisible();
});

test("the newsletter opt-in at registration: confirm from the mail, then unsubscribe without login", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await register(page, { newsletter: true });
  const confirm = await mailLink(email, /newsletter|odběr/i, /\/newsletter\/potvrzeni\/[\w-]+/);
  await page.goto(confirm);
  await expect(page.getByTestId("newsletter-confirmed")).toContainText(email);

  const unsubscribe = confirm.replace("/newsletter/potvrzeni/", "/newsletter/odhlaseni/");
  const guest = await secondBrowser(browser, baseURL!);
  const guestPage = await guest.newPage();
  await guestPage.goto(unsubscribe);
  await guestPage.getByRole("button", { name: "Odhlásit odběr" }).click();
  await expect(guestPage.getByTestId("newsletter-unsubscribed")).toContainText(email);
  await guest.close();
});
