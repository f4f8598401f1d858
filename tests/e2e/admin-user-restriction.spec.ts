import { fillRegistration } from "../browser-setup.ts";
import { violations } from "./axe.ts";
import { answerConsent, expect, logIn, openRegistration, test } from "./fixtures.ts";
import { caughtMails, mailLink } from "./mail.ts";
import { signInStaff } from "./staff.ts";

/**
 * Restricting an account from the users back office (docs/product/back-office.md, "Moderation"): a
 * moderator opens a user's page, follows "Restrict the account" to moderation's own page for the
 * user (history, decisions, the decision form limited to the account measures), which passes axe.
 * A statement without reasons is refused, so the demo user stays unrestricted for other tests.
 * A fresh account is reported (its page lists the report), suspended and lifted early: the user
 * gets the mail over SMTP and the system message, and signs in again.
 */

const MODERATOR = "moderator@rarita.test";

test("the user's page leads to restricting the account with a statement of reasons", async ({ page }) => {
  await signInStaff(page, MODERATOR, { to: "/admin/uzivatele?q=Lucie" });
  await page.getByTestId("table-users").getByRole("link", { name: "novacek.brno" }).click();
  await expect(page.getByRole("heading", { name: /novacek\.brno/, level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Omezit účet s odůvodněním (moderace)" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/uzivatel\/\d+$/);
  await expect(page.getByRole("heading", { name: "Omezení účtu novacek.brno", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-history")).toContainText("novacek.brno");
  const form = page.getByTestId("decision-form");
  const measures = await form.getByLabel("Opatření").locator("option").allTextContents();
  expect(measures).toEqual(["Účet pozastaven", "Účet zablokován"]);
  expect(await violations(page)).toEqual([]);

  await form.getByLabel("Opatření").selectOption("block_account");
  await form.getByRole("button").click();
  await expect(form.getByText("Napište aspoň 10 znaků.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/moderace\/uzivatel\/\d+$/);
  expect(await violations(page)).toEqual([]);
});

test("a reported account's page lists the report; a suspension lifted early is mailed to the user and left in their messages", async ({
  page,
  browser,
  baseURL,
}) => {
  // Registration solves a proof of work in the browser, and the story is long.
  test.slow();
  // A fresh account of its own, so no other test's user is ever suspended.
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = { email: `omezeny.${id}@example.cz`, password: "Sbirka starych rumu 1987" };
  const username = `omezeny.${id}`;
  const userContext = await browser.newContext();
  await answerConsent(userContext, baseURL!);
  const user = await userContext.newPage();
  await openRegistration(user);
  await fillRegistration(user, { ...account, username });
  await user.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(user).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });

  await signInStaff(page, MODERATOR, { to: `/admin/uzivatele?q=${username}` });
  await page.getByTestId("table-users").getByRole("link", { name: username }).click();
  await expect(page.getByRole("heading", { name: new RegExp(username), level: 1 })).toBeVisible();
  const userPage = page.url();
  const userId = Number(userPage.match(/(\d+)$/)?.[1]);

  // The moderator reports the account (signed in: no bot proof); the user's page lists the report.
  await page.goto(`/nahlasit?kind=user&id=${userId}`);
  const reportForm = page.getByTestId("report-form");
  await reportForm.getByLabel("Důvod").selectOption("fraud");
  await reportForm.getByLabel("Vysvětlení").fill("Chce platbu předem a zboží neposílá.");
  await expect(reportForm).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await page.getByRole("button", { name: "Odeslat hlášení" }).click();
  const sent = page.getByTestId("report-sent");
  await expect(sent).toBeVisible();
  const reportId = Number((await sent.textContent())?.match(/číslo (\d+)/)?.[1]);
  await page.goto(userPage);
  const about = page.getByTestId("user-reports-about");
  await expect(about.getByRole("heading", { name: "Hlášení o uživateli a jeho obsahu (1)" })).toBeVisible();
  const row = about.getByRole("row").filter({ hasText: `Hlášení č. ${reportId}` });
  await expect(row).toContainText("Podvod");
  await expect(row).toContainText("Čeká na rozhodnutí");
  await expect(row.getByRole("link", { name: `Hlášení č. ${reportId}` })).toHaveAttribute(
    "href",
    `/admin/moderace/hlaseni/${reportId}`,
  );
  expect(await violations(page)).toEqual([]);

  // Suspended with a statement of reasons, then lifted early.
  await page.getByRole("link", { name: "Omezit účet s odůvodněním (moderace)" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/uzivatel\/\d+$/);
  const restriction = page.url();
  const form = page.getByTestId("decision-form");
  await form.getByLabel("Opatření").selectOption("suspend_account");
  await form.getByLabel("Skutečnosti").fill("Uživatel chtěl platbu předem a zboží neposlal.");
  await form.getByLabel("Důvody").fill("Podvodné jednání obchodní podmínky zakazují.");
  await form.getByLabel("Pravidlo obchodních podmínek").selectOption("fair_dealing");
  const until = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await form.getByLabel("Pozastavit do").fill(until);
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
  const suspensionId = Number(page.url().match(/(\d+)$/)?.[1]);
  await page.goto(restriction);
  await form.getByLabel("Opatření").selectOption("lift_restriction");
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);

  // The mail says the account is free again and links to the suspension's statement.
  const link = await mailLink(
    account.email,
    /^Váš účet je opět volný$/,
    new RegExp(`/ucet/rozhodnuti/${suspensionId}\\?k=[\\w%-]+`),
  );
  const mail = (await caughtMails())
    .filter((m) => m.to === account.email && /opět volný/.test(m.subject))
    .at(-1);
  expect(mail?.text).toMatch(/pozastavení vašeho účtu jsme zrušili\. Od \d+\. \S+ \d{4}/);
  await user.goto(link);
  await expect(
    user.getByRole("heading", { name: `Odůvodnění rozhodnutí č. ${suspensionId}`, level: 1 }),
  ).toBeVisible();

  // The user signs in again and finds the system message.
  await logIn(user, account, "/ucet/prehled");
  await user.goto("/ucet/zpravy?filter=system");
  await expect(user.getByText(/Pozastavení vašeho účtu jsme zrušili/).first()).toBeVisible();
  await userContext.close();
});
