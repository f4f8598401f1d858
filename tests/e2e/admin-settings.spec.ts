import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { addSiteCookies } from "../browser-setup.ts";
import { violations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { staffApiToken } from "./staff.ts";

/**
 * The back office's settings (docs/product/back-office.md, "Settings"): the owner sees every
 * setting, and the bid-step table's editor refuses a table with a gap or an overlap at the
 * offending row's field, keeping what was typed and storing nothing. Nothing here changes a
 * setting other tests rely on: the one save stores the table as it was.
 */

const OWNER = "admin@rarita.test";

/** The owner's session of the run (tests/e2e/staff.ts), put in the test's browser. */
let ownerToken: string | undefined;
async function asOwner(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  ownerToken ??= await staffApiToken(request, OWNER);
  await addSiteCookies(context, baseURL, { "auth._token": ownerToken });
}

test("the owner sees every setting with its value and a link to its form", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await asOwner(request, context, baseURL!);
  await page.goto("/admin/nastaveni");
  const list = page.getByTestId("settings-list");
  for (const name of [
    "Kontakty",
    "Úvodní okno",
    "Horní menu",
    "Menu v patičce",
    "Údržba",
    "Kategorie na úvodní stránce",
    "Tabulka příhozů",
    "Poplatky",
    "Doprava a pobočky obchodu",
  ])
    await expect(list.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(list.getByRole("link", { name: "Upravit Horní menu (Angličtina)" })).toHaveAttribute(
    "href",
    "/admin/nastaveni/topmenu?lang=en",
  );
  expect(await violations(page)).toEqual([]);

  await list.getByRole("link", { name: "Upravit Horní menu (Angličtina)" }).click();
  await expect(
    page.getByRole("navigation", { name: "Jazyk nastavení" }).getByRole("link", { name: "Angličtina" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("group", { name: "Odkaz 1" }).getByRole("textbox", { name: "Text", exact: true }),
  ).not.toHaveValue("");
  expect(await violations(page)).toEqual([]);
});

test("the bid table editor refuses a gap and an overlap at the rows, keeping what was typed", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await asOwner(request, context, baseURL!);
  await page.goto("/admin/nastaveni/bid");
  await hydrated(page);
  const row = (n: number) => page.getByRole("group", { name: `Rozsah ${n}`, exact: true });
  const stored = await row(2).getByLabel("Od (Kč)").inputValue();
  const secondMax = await row(2).getByLabel("Do (Kč)").inputValue();

  // A gap after the first range, and the last range starting inside the one before it.
  await row(2)
    .getByLabel("Od (Kč)")
    .fill(String(Number(stored) + 1));
  await row(3)
    .getByLabel("Od (Kč)")
    .fill(String(Number(secondMax) - 1));
  await page.getByRole("button", { name: "Uložit nastavení" }).click();
  await expect(row(2).getByText("Mezera: rozsah musí začínat tam, kde předchozí končí.")).toBeVisible();
  await expect(row(3).getByText("Překryv: rozsah musí začínat tam, kde předchozí končí.")).toBeVisible();
  await expect(row(2).getByLabel("Od (Kč)")).toHaveAttribute("aria-invalid", "true");
  await expect(row(2).getByLabel("Od (Kč)")).toHaveValue(String(Number(stored) + 1));
  expect(await violations(page)).toEqual([]);

  // An open range that is not the last one: said at its upper bound.
  await row(2).getByLabel("Od (Kč)").fill(stored);
  await row(3).getByLabel("Od (Kč)").fill(secondMax);
  await row(1).getByLabel("Do (Kč)").fill("");
  await page.getByRole("button", { name: "Uložit nastavení" }).click();
  await expect(row(1).getByText("Bez horní meze smí být jen poslední rozsah.")).toBeVisible();

  // Reloaded: nothing refused was stored.
  await page.reload();
  await expect(row(2).getByLabel("Od (Kč)")).toHaveValue(stored);
  await expect(page.getByText("Mezera:")).toHaveCount(0);

  // The table as it was saves: stored and said.
  await hydrated(page);
  await page.getByRole("button", { name: "Uložit nastavení" }).click();
  await expect(page.getByRole("status").getByText("Nastavení bylo uloženo.")).toBeVisible();
});

test("a list's rows are added, moved and removed before saving", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await asOwner(request, context, baseURL!);
  await page.goto("/admin/nastaveni/bid");
  await hydrated(page);
  const rows = page.getByTestId("setting-row");
  const count = await rows.count();
  await page.getByRole("button", { name: "Přidat: rozsah" }).click();
  await expect(rows).toHaveCount(count + 1);
  await page.getByRole("button", { name: `Odebrat (Rozsah ${count + 1})` }).click();
  await expect(rows).toHaveCount(count);
  const first = await rows.first().getByLabel("Od (Kč)").inputValue();
  await page.getByRole("button", { name: "Posunout níž (Rozsah 1)" }).click();
  await expect(rows.nth(1).getByLabel("Od (Kč)")).toHaveValue(first);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses a gap at its row and adds a row on the list's button", async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    await asOwner(request, context, baseURL!);
    await page.goto("/admin/nastaveni/bid");
    const rows = page.getByTestId("setting-row");
    const count = await rows.count();
    const row = (n: number) => page.getByRole("group", { name: `Rozsah ${n}`, exact: true });
    const stored = await row(2).getByLabel("Od (Kč)").inputValue();
    await row(2)
      .getByLabel("Od (Kč)")
      .fill(String(Number(stored) + 1));
    await page.getByRole("button", { name: "Uložit nastavení" }).click();
    await expect(row(2).getByText("Mezera: rozsah musí začínat tam, kde předchozí končí.")).toBeVisible();
    await expect(row(2).getByLabel("Od (Kč)")).toHaveValue(String(Number(stored) + 1));
    await expect(page.getByText("Nastavení nebylo uloženo: opravte označená pole.")).toBeVisible();

    // The list's button is a plain submit: the form comes back with one row more, as typed.
    await page.getByRole("button", { name: "Přidat: rozsah" }).click();
    await expect(rows).toHaveCount(count + 1);
    await expect(row(2).getByLabel("Od (Kč)")).toHaveValue(String(Number(stored) + 1));
  });
});
