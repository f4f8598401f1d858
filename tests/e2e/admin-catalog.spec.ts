import type { APIRequestContext, Page } from "@playwright/test";
import { violations } from "./axe.ts";
import { answerConsent, DEMO, expect, test } from "./fixtures.ts";
import { signInStaff } from "./staff.ts";
import { postWantedAd } from "./wanted-ad.ts";

/**
 * The back office's catalogue (docs/product/back-office.md, "Catalogue"): an editor adds a
 * subcategory, changes its slug (the old URL then answers 301 to the new one), deletes it again;
 * merges two spellings of a brand that "add a brand by name" created; opens any listing. Every
 * catalogue screen passes axe. What the test adds is its own (a new category, new brands), so other
 * tests' catalogue stays as it was.
 */

const EDITOR = "editor@rarita.test";

// One sign-in for both tests: a TOTP code counts once, and a second sign-in of the same account
// within its 30 s step waits for the next code.
test.describe.configure({ mode: "serial" });
let page: Page;
test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await answerConsent(context, baseURL!);
  page = await context.newPage();
  await signInStaff(page, EDITOR, { to: "/admin/katalog/kategorie" });
});
test.afterAll(async () => {
  await page?.context().close();
});

test("an editor adds a subcategory, changes its slug and the old URL answers 301 to the new one", async () => {
  // A long story with three accessibility checks: 16 s at load 7, over the default 30 s at load 15.
  test.setTimeout(60_000);
  const n = Date.now() % 1_000_000;
  await page.goto("/admin/katalog/kategorie");
  await expect(page.getByRole("heading", { name: "Kategorie", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole("link", { name: "Přidat podkategorii: Ostatní svět" }).click();
  await expect(page.getByRole("heading", { name: "Nová kategorie", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Název (česky)").fill(`E2E kategorie ${n}`);
  await page.getByLabel("Slug (česky)").fill(`E2E ${n}`);
  await page.getByRole("button", { name: "Vytvořit" }).click();
  await expect(page.getByText("Jen malá písmena bez diakritiky, číslice a pomlčky mezi nimi.")).toBeVisible();
  await expect(page.getByLabel("Název (česky)")).toHaveValue(`E2E kategorie ${n}`);
  await page.getByLabel("Slug (česky)").fill(`e2e-${n}`);
  await page.getByRole("button", { name: "Vytvořit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();
  const id = /\/admin\/katalog\/kategorie\/(\d+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  expect(await violations(page)).toEqual([]);

  await page.getByLabel("Slug (česky)").fill(`e2e-${n}-nova`);
  await page.getByRole("button", { name: "Uložit", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();
  await expect(page.getByTestId("old-slugs")).toContainText(`e2e-${n}`);

  const old = await page.request.get(`/${id}/e2e-${n}?strana=1`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/${id}/e2e-${n}-nova?strana=1`);
  await page.goto(`/${id}/e2e-${n}`);
  await expect(page).toHaveURL(`/${id}/e2e-${n}-nova`);
  await expect(page.getByRole("heading", { name: `E2E kategorie ${n}`, level: 1 })).toBeVisible();

  // One step up among its siblings: it was added last, after Fidži.
  await page.goto("/admin/katalog/kategorie");
  const rows = page.locator("tbody tr");
  const names = async () =>
    (await rows.locator("th").allTextContents()).map((text) => text.replace("└", "").trim());
  const before = await names();
  expect(before.indexOf(`E2E kategorie ${n}`)).toBe(before.indexOf("Fidži") + 1);
  await page.getByRole("button", { name: `Posunout E2E kategorie ${n} výš` }).click();
  await expect(page).toHaveURL(/#category-\d+$/);
  await expect.poll(async () => (await names()).indexOf("Fidži")).toBe(before.indexOf("Fidži") + 1);

  // Deleting the empty category.
  await page.goto(`/admin/katalog/kategorie/${id}`);
  await page.getByRole("button", { name: "Smazat kategorii" }).click();
  await expect(page).toHaveURL("/admin/katalog/kategorie?deleted=1");
  await expect(page.getByRole("status").filter({ hasText: "Smazáno." })).toBeVisible();
});

/** A wanted ad of the demo seller with a brand typed by name (a new brand the first time); its id. */
function listingWithBrand(request: APIRequestContext, token: string, brand: string, name: string) {
  return postWantedAd(request, {
    headers: { Authorization: `Bearer ${token}` },
    brand,
    name,
    description: "Koupím láhev této palírny, ideálně v původním balení.",
  });
}

test("an editor merges two spellings of a brand and opens a listing", async ({ request }) => {
  // Eight screens and four axe checks: 24 s alone on 2 cores, past 30 s under a full run's load.
  test.slow();
  const n = Date.now() % 1_000_000;
  const login = await request.post("/api/auth/login", { data: DEMO.seller });
  const { token } = (await login.json()) as { token: string };
  const survivor = `Rarita Test ${n}`;
  const duplicate = `Rarita Tést ${n} Distillery`;
  await listingWithBrand(request, token, survivor, `Hledám láhev ${survivor}`);
  await listingWithBrand(request, token, duplicate, `Hledám láhev ${duplicate}`);

  await page.goto("/admin/katalog/znacky");
  await expect(page.getByRole("heading", { name: "Značky", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByRole("searchbox", { name: "Hledat" }).fill(`rarita test ${n}`);
  await page.getByRole("button", { name: "Filtrovat" }).click();
  const table = page.getByTestId("table-brands");
  await expect(table.getByRole("row")).toHaveCount(3);

  const merge = page.getByTestId("merge-brands");
  const optionValue = async (select: string, label: string) =>
    (await merge
      .locator(`select[name="${select}"] option`, { hasText: label })
      .first()
      .getAttribute("value"))!;
  await merge.getByLabel("Ponechat značku").selectOption(await optionValue("survivorId", `${survivor} (#`));
  await merge
    .getByLabel("Sloučit do ní (smazat) značku")
    .selectOption(await optionValue("duplicateId", duplicate));
  await merge.getByRole("button", { name: "Sloučit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Značky sloučeny, přesunuto produktů: 1." }),
  ).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("2");

  // The same screens in English.
  await page.goto("/en/admin/catalog/brands");
  await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
  await page.goto("/en/admin/catalog/categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Spirits & wine", exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto("/admin/katalog/znacky");
  await page.getByRole("link", { name: "Balení", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Balení", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole("link", { name: "Inzeráty", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Inzeráty", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Hledat" }).fill(duplicate);
  await page.getByRole("button", { name: "Filtrovat" }).click();
  expect(await violations(page)).toEqual([]);
  await page
    .getByTestId("table-listings")
    .getByRole("link", { name: `Hledám láhev ${duplicate}` })
    .click();
  await expect(page.getByRole("heading", { name: /Inzerát č\. \d+/, level: 1 })).toBeVisible();
  // The listing now carries the brand kept.
  await expect(page.getByLabel("Značka")).toHaveValue(
    (await page
      .locator('select[name="brandId"] option', { hasText: survivor })
      .first()
      .getAttribute("value")) ?? "",
  );
  // Restricting a listing is a moderator's decision: an editor is told so, and offered no link.
  await expect(page.getByTestId("listing-moderation")).toHaveText(/může moderátor/);
  await expect(page.getByRole("link", { name: "Pozastavit / odstranit…" })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test("an editor's correction of a listing is refused where a seller's would be, with the reason at the field", async ({
  request,
}) => {
  const n = Date.now() % 1_000_000;
  const login = await request.post("/api/auth/login", { data: DEMO.seller });
  const { token } = (await login.json()) as { token: string };
  const id = await listingWithBrand(request, token, `Pravidla ${n}`, `Hledám láhev pravidel ${n}`);

  // A subcategory of its own, for a category hidden while the form is open.
  await page.goto("/admin/katalog/kategorie");
  await page.getByRole("link", { name: "Přidat podkategorii: Ostatní svět" }).click();
  await page.getByLabel("Název (česky)").fill(`E2E zařazení ${n}`);
  await page.getByLabel("Slug (česky)").fill(`e2e-zarazeni-${n}`);
  await page.getByRole("button", { name: "Vytvořit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();
  const categoryPage = page.url();
  const categoryId = /\/admin\/katalog\/kategorie\/(\d+)/.exec(categoryPage)![1]!;

  // The tree counts each category's own products and its branch's: the new one has neither.
  await page.goto("/admin/katalog/kategorie");
  await expect(page.getByRole("columnheader", { name: "Produkty celé větve" })).toBeVisible();
  const newRow = page.getByTestId(`category-${categoryId}`);
  await expect(newRow.getByTestId("own-products")).toHaveText("0");
  await expect(newRow.getByTestId("branch-products")).toHaveText("0");

  await page.goto(`/admin/katalog/inzeraty/${id}`);
  await expect(page.getByRole("heading", { name: `Inzerát č. ${id}`, level: 1 })).toBeVisible();
  await expect(page.getByText("Ve vyhledávání")).toBeVisible();
  const name = page.getByLabel("Název (česky)");
  const description = page.getByLabel("Popis (česky)");
  const save = page.getByRole("button", { name: "Uložit změny" });

  // Too short a name and description, as for a seller.
  await name.fill("ab");
  await description.fill("Krátký popis.");
  await save.click();
  await expect(page.getByText("Vyplňte prosím minimálně 3 znaků.")).toBeVisible();
  await expect(page.getByText("Vyplňte prosím minimálně 20 znaků.")).toBeVisible();

  // A category hidden meanwhile (in another tab): refused by the server at the field.
  await name.fill(`Hledám láhev pravidel ${n} (opraveno)`);
  await description.fill("Koupím láhev této palírny, ideálně v původním balení a s kolkem.");
  const other = await page.context().newPage();
  await other.goto(categoryPage);
  await other.getByLabel("Aktivní (zobrazuje se na webu)").uncheck();
  await other.getByRole("button", { name: "Uložit", exact: true }).click();
  await expect(other.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();
  await other.close();
  await page.getByLabel("Kategorie").selectOption(categoryId);
  await save.click();
  await expect(
    page.getByText("Kategorie je skrytá (nebo leží ve skryté), inzerát do ní nelze zařadit."),
  ).toBeVisible();
  await expect(name).toHaveValue(`Hledám láhev pravidel ${n} (opraveno)`);
  expect(await violations(page)).toEqual([]);

  // Filed where a seller could, it saves.
  await page.goto(`/admin/katalog/inzeraty/${id}`);
  await expect(page.locator(`select[name="categoryId"] option[value="${categoryId}"]`)).toHaveCount(0);
  await name.fill(`Hledám láhev pravidel ${n} (opraveno)`);
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Inzerát č. ${id}`, level: 1 })).toBeVisible();

  await page.goto(categoryPage);
  await page.getByRole("button", { name: "Smazat kategorii" }).click();
  await expect(page).toHaveURL("/admin/katalog/kategorie?deleted=1");
});

test("the owner demotes a listing from its catalogue page through the moderation form, and sees it demoted", async ({
  browser,
  baseURL,
  request,
}) => {
  const n = Date.now() % 1_000_000;
  const login = await request.post("/api/auth/login", { data: DEMO.seller });
  const { token } = (await login.json()) as { token: string };
  const id = await listingWithBrand(request, token, `Upozadit ${n}`, `Hledám láhev k upozadění ${n}`);

  const context = await browser.newContext();
  await answerConsent(context, baseURL!);
  const owner = await context.newPage();
  await signInStaff(owner, "admin@rarita.test", { to: `/admin/katalog/inzeraty/${id}` });
  const overview = owner.getByTestId("admin-listing");
  await expect(overview.getByText("Běžně", { exact: true })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Pozastavit / odstranit…" })).toBeVisible();
  await owner.getByRole("link", { name: "Upozadit…" }).click();

  // The moderation form, with "demote" chosen: the statement of reasons is still the moderator's.
  await expect(owner).toHaveURL(new RegExp(`/admin/moderace/inzeraty/${id}\\?action=demote_listing$`));
  const form = owner.getByTestId("decision-form");
  await expect(form.getByLabel("Opatření")).toHaveValue("demote_listing");
  await form.getByLabel("Skutečnosti").fill("Inzerát opakovaně vkládá stejnou poptávku.");
  await form.getByLabel("Důvody").fill("Opakované vkládání zahlcuje vyhledávání.");
  await form.getByLabel("Pravidlo obchodních podmínek").selectOption("listing_rules");
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(owner).toHaveURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
  const decisionId = /(\d+)$/.exec(owner.url())![1]!;

  await owner.goto(`/admin/katalog/inzeraty/${id}`);
  await expect(overview.getByText(/^Upozaděno od /)).toBeVisible();
  await expect(owner.getByRole("link", { name: "Upozadit…" })).toHaveCount(0);
  await expect(owner.getByTestId("restore-rank")).toContainText("na stížnost prodávajícího");
  await expect(owner.getByRole("link", { name: `Rozhodnutí č. ${decisionId}` })).toHaveAttribute(
    "href",
    `/admin/moderace/rozhodnuti/${decisionId}`,
  );
  expect(await violations(owner)).toEqual([]);
  await context.close();
});
