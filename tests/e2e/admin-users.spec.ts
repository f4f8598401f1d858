import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";

/**
 * The back office's users (docs/product/back-office.md, "Users"): a moderator (scope users) adds a
 * group, finds a demo user by name, opens their page and puts them in the group; every users screen
 * passes axe. The group is new in each run, so other tests' users and groups stay as they were
 * (the demo user, a collector no other browser test signs in as, only gains a group: the header
 * tests read the discount group of their own users).
 */

const MODERATOR = "moderator@rarita.test";

test("a moderator adds a group, finds a user, opens their page and assigns the group", async ({ page }) => {
  // Four screens with axe: 15 s alone, over 30 s under a full run's load.
  test.slow();
  const group = `Sběratelé e2e ${Date.now() % 1_000_000}`;
  await signInStaff(page, MODERATOR, { to: "/admin/skupiny" });
  await expect(page.getByRole("heading", { name: "Skupiny uživatelů" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const add = page.getByRole("region", { name: "Nová skupina" });
  await add.getByLabel("Název").fill(group);
  await add.getByLabel("Sleva (%)").fill("101");
  await add.getByRole("button", { name: "Přidat skupinu" }).click();
  await expect(add.getByText("Hodnota může být nejvýše 100.")).toBeVisible();
  await add.getByLabel("Sleva (%)").fill("7");
  await add.getByRole("button", { name: "Přidat skupinu" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Skupina přidána." })).toBeVisible();
  await expect(page.getByRole("form", { name: `Úprava skupiny ${group}` })).toBeVisible();

  await page.getByRole("link", { name: "Uživatelé", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Uživatelé", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("searchbox", { name: "Hledat" }).fill("Alena Pokorná");
  await page.getByRole("button", { name: "Filtrovat" }).click();
  await expect(page).toHaveURL(/q=Alena/);
  const table = page.getByTestId("table-users");
  await expect(table.getByRole("row")).toHaveCount(2);
  await table.getByRole("link", { name: "vinny.sklep" }).click();

  await expect(page.getByRole("heading", { name: /vinny\.sklep/, level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-contacts")).toContainText("sberatel5@rarita.test");
  await expect(page.getByTestId("user-listings")).toBeVisible();
  // A moderator also sees moderation's records: the reports about the user and the ones they filed.
  await expect(
    page.getByRole("heading", { name: /^Hlášení o uživateli a jeho obsahu \(\d+\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Hlášení, která uživatel podal \(\d+\)$/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const groupCard = page.getByTestId("user-group");
  await groupCard.getByLabel("Skupina").selectOption({ label: `${group} (−7 %)` });
  await groupCard.getByRole("button", { name: "Přiřadit skupinu" }).click();
  await expect(groupCard.getByRole("status")).toHaveText("Skupina přiřazena.");
  await expect(page.getByTestId("user-account")).toContainText(`${group} (−7 %)`);

  // The erasure asks for the username: a wrong one is refused at its field, nothing erased.
  const gdpr = page.getByTestId("user-gdpr");
  await expect(gdpr.getByRole("link", { name: "Stáhnout data uživatele (JSON)" })).toHaveAttribute(
    "href",
    /\/api\/admin\/users\/\d+\/export/,
  );
  await gdpr.getByLabel(/Pro potvrzení napište uživatelské jméno/).fill("nekdo.jiny");
  await gdpr.getByRole("button", { name: "Smazat účet natrvalo" }).click();
  await expect(gdpr.getByText("Uživatelské jméno nesouhlasí.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /vinny\.sklep/, level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto("/admin/skupiny");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("form", { name: `Úprava skupiny ${group}` }) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expect(row.getByRole("button", { name: `Smazat: ${group}` })).toBeDisabled();
});
