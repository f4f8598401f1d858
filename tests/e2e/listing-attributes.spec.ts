import { answerConsent, expect, hydrated, signedIn, submitLogin, test } from "./fixtures.ts";
import { payInsertionFeeUntilLive } from "./listing-fee.ts";
import { signInStaff } from "./staff.ts";
import { photo } from "./wanted-ad.ts";

/**
 * Structured attributes and their facets (issue 37, items 1 and 2; docs/product/collector-data.md):
 * a whisky is listed with its distillery picked from the brands offered, its age, strength and
 * cask (typed in another spelling than the offered one, and kept as the offered one), the preview
 * showing them as the product page will; once live its page shows them as a table and its
 * JSON-LD as additionalProperty; the whisky category
 * filters by the distillery and an age range with counts that add up to the listings shown; the
 * filtered URL gives the same page without scripts.
 */

// A verified collector; other specs list with the same account, each finds its own by name.
const SELLER = { email: "sberatel7@rarita.test", password: "demo-sberatel" };
const NBSP = "\u00a0";

test("a whisky listed with its attributes shows them as a table and is found by distillery and age", async ({
  browser,
  baseURL,
}) => {
  test.slow(); // a listing submitted and paid, then the category filtered twice
  const page = await signedIn(browser, baseURL!, SELLER);
  await page.goto("/ucet/vase-aukce/pridat");
  const form = page.getByTestId("listing-form");
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);
  const section = form.getByTestId("form-section-attributes");
  // No category yet: no attributes asked.
  await expect(section).toHaveCount(0);

  const name = `Glenfarclas 25 ${Date.now().toString(36)}`;
  await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
  await form.getByTestId("field-subcategory").selectOption({ label: "Whisky › Skotsko › Speyside" });
  // The fields follow the category, in order of importance.
  await expect(section.getByRole("heading")).toHaveText("Údaje o položce");
  const fields = section.getByTestId("attribute-fields").locator("[data-testid^=attribute-]");
  await expect(fields.first()).toHaveAttribute("data-testid", "attribute-bottler_kind");
  // The distillery is the brand, picked from the brands offered.
  const brand = form.getByTestId("field-brand");
  const offered = page.locator(`datalist#${await brand.getAttribute("list")} option[value="Glenfarclas"]`);
  await expect(offered).toHaveCount(1);
  await brand.fill("Glenfarclas");
  await section.getByTestId("attribute-bottler_kind").selectOption("official");
  await section.getByTestId("attribute-age_years").fill("25");
  await section.getByTestId("attribute-abv").fill("43,5");
  // The cask's offered spelling is "Oloroso Sherry"; typed another way it is kept as offered.
  const cask = section.getByTestId("attribute-cask_type");
  await expect(
    page.locator(`datalist#${await cask.getAttribute("list")} option[value="Oloroso Sherry"]`),
  ).toHaveCount(1);
  await cask.fill("oloroso  sherry");
  await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
  await form.getByTestId("field-name").fill(name);
  await form.getByTestId("field-description").fill("Oficiální stáčení palírny, krabice, hladina v hrdle.");
  await form.getByTestId("field-price").fill("3 000");
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#6b3e1f") }]);
  await expect(form.getByTestId("image-item")).toHaveCount(1);

  // A strength with two decimals is refused under its field, what was typed kept.
  await section.getByTestId("attribute-abv").fill("43,55");
  await page.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(section).toContainText("Zadejte číslo s nejvýše jedním desetinným místem.");
  await expect(section.getByTestId("attribute-age_years")).toHaveValue("25");
  await section.getByTestId("attribute-abv").fill("43,5");
  await page.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(page.getByTestId("listing-preview").getByTestId("preview-name")).toHaveText(name);
  // The preview shows the details as the product page will: the table, the cask as it will be saved.
  const previewTable = page.getByTestId("listing-preview").getByTestId("product-attributes");
  await expect(previewTable.getByRole("heading")).toHaveText("Parametry");
  await expect(previewTable.getByTestId("attribute-row-age_years")).toContainText(`25${NBSP}let`);
  await expect(previewTable.getByTestId("attribute-row-cask_type")).toContainText("Oloroso Sherry");
  await page.getByRole("button", { name: "Odeslat inzerát" }).click();
  await expect(page.getByTestId("listing-confirmation").getByTestId("listing-status")).toHaveText(
    "Čeká na platbu",
  );

  // Its insertion fee paid at the test gateway, it goes live.
  const row = await payInsertionFeeUntilLive(page, name);

  // The listing's page: the attributes as a table, the Czech way, and in the JSON-LD.
  await row.getByTestId("my-listing-name").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const table = page.getByTestId("product-attributes");
  await expect(table.getByRole("heading")).toHaveText("Parametry");
  await expect(table.getByTestId("attribute-row-bottler_kind")).toContainText("Oficiální (palírna)");
  await expect(table.getByTestId("attribute-row-age_years")).toContainText(`25${NBSP}let`);
  await expect(table.getByTestId("attribute-row-abv")).toContainText(`43,5${NBSP}%`);
  await expect(table.getByTestId("attribute-row-cask_type")).toContainText("Oloroso Sherry");
  const productUrl = page.url();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = ld.map((text) => JSON.parse(text)).find((entry) => entry["@type"] === "Product");
  expect(product.additionalProperty).toContainEqual({
    "@type": "PropertyValue",
    propertyID: "abv",
    name: "Obsah alkoholu",
    value: 43.5,
    unitCode: "P1",
    unitText: "% ABV",
  });

  // Editing keeps them.
  await page.goto("/ucet/vase-aukce");
  await row.getByTestId("my-listing-edit").click();
  const edit = page.getByTestId("listing-form");
  await expect(edit.getByTestId("attribute-age_years")).toHaveValue("25");
  await expect(edit.getByTestId("attribute-cask_type")).toHaveValue("Oloroso Sherry");

  // The whisky category, filtered by the distillery and an age of 20 to 30 years.
  await page.goto("/3/whisky");
  // Hydrated: a ticked box applies at once.
  await page.waitForLoadState("networkidle");
  const filters = page.getByTestId("filters");
  await filters.getByRole("checkbox", { name: /^Glenfarclas/ }).check();
  await expect(page).toHaveURL(/znacka=/);
  await expect(page.getByTestId("active-filters")).toContainText("Glenfarclas");
  await filters.getByTestId("facet-age_years-from").fill("20");
  await filters.getByTestId("facet-age_years-to").fill("30");
  await filters.getByTestId("filters-submit").click();
  await expect(page).toHaveURL(/p_age_years_od=20&p_age_years_do=30/);
  // The router pushes the URL before React renders the new page: wait for the page's own chip.
  await expect(page.getByTestId("active-filters")).toContainText("Stáří: 20–30");
  await expect(filters).not.toHaveAttribute("aria-busy", "true");
  const cards = page.getByTestId("product-card");
  await expect(cards.filter({ hasText: name })).toHaveCount(1);
  // Every listing shown is a Glenfarclas of 20 to 30 years; the bottler's counts add up to them.
  const shown = await cards.count();
  const counts = await filters.getByTestId("facet-bottler_kind").locator(".filter-count").allTextContents();
  expect(counts.map(Number).reduce((sum, count) => sum + count, 0)).toBe(shown);
  const filtered = page.url();

  // The URL alone, without scripts, gives the same page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(plain, baseURL!);
  const bare = await plain.newPage();
  try {
    await bare.goto(filtered);
    await expect(bare.getByTestId("product-card")).toHaveCount(shown);
    await expect(bare.getByTestId("product-card").filter({ hasText: name })).toHaveCount(1);
    await expect(bare.getByTestId("facet-age_years-from")).toHaveValue("20");
    await expect(bare.getByRole("checkbox", { name: /^Glenfarclas/ })).toBeChecked();
    await bare.goto(productUrl);
    await expect(bare.getByTestId("attribute-row-age_years")).toContainText(`25${NBSP}let`);
  } finally {
    await plain.close();
  }
  await page.context().close();
});

test("without scripts the form asks for the chosen category's attributes after its button", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await answerConsent(context, baseURL!);
  const page = await context.newPage();
  try {
    const add = "/ucet/vase-aukce/pridat";
    await page.goto(`/ucet?redirect=${encodeURIComponent(add)}`);
    await submitLogin(page, SELLER);
    await expect(page).toHaveURL(add);
    const form = page.getByTestId("listing-form");
    const section = form.getByTestId("form-section-attributes");
    await expect(section.getByTestId("attributes-choose-category")).toBeVisible();
    await expect(section.getByTestId("attribute-fields")).toHaveCount(0);
    await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
    await form.getByTestId("field-subcategory").selectOption({ label: "Whisky › Skotsko › Speyside" });
    await form.getByTestId("field-name").fill("Glenfarclas 15");
    await section.getByTestId("attributes-show").click();
    // The same form again, what was typed kept, now with the whisky's attributes.
    await expect(section.getByTestId("attribute-age_years")).toBeVisible();
    await expect(form.getByTestId("field-name")).toHaveValue("Glenfarclas 15");
    await expect(section.getByTestId("attribute-bottler_kind")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("staff of the catalogue add, refuse and delete an attribute of a category subtree", async ({ page }) => {
  await signInStaff(page, "editor@rarita.test", { to: "/admin/katalog/atributy" });
  const admin = page.getByTestId("admin-attributes");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Atributy kategorií");
  await expect(admin.getByRole("heading", { name: /Stáří \(age_years\)/ })).toBeVisible();
  // Typed before hydration, the labels would be reset by it.
  await hydrated(page);
  const add = page.getByTestId("attribute-form-new");
  await add.locator("select[name=categoryId]").selectOption({ label: "Příslušenství" });
  await add.locator("input[name=key]").fill("Material");
  await add.locator("select[name=type]").selectOption("enum");
  await add.locator("input[name=labelCs]").fill("Materiál");
  await add.locator("input[name=labelEn]").fill("Material");
  await add.getByRole("button", { name: "Přidat atribut" }).click();
  await expect(page.getByTestId("attribute-form-new")).toContainText("Klíč: malá písmena");
  const again = page.getByTestId("attribute-form-new");
  await again.locator("input[name=key]").fill("material");
  await again.getByRole("button", { name: "Přidat atribut" }).click();
  await expect(page.getByTestId("attribute-form-new")).toContainText("Výběr potřebuje hodnoty");
  await expect(again.locator("input[name=labelCs]")).toHaveValue("Materiál");
  await again.locator("textarea[name=options]").fill("cedar | Cedr | Cedar\ncrystal | Křišťál | Crystal");
  await again.getByRole("button", { name: "Přidat atribut" }).click();
  await expect(page.getByRole("status")).toHaveText("Uloženo.");
  // The new attribute's own section: its heading's parent.
  const section = page.getByRole("heading", { name: /Materiál \(material\)/ }).locator("xpath=..");
  await expect(section.locator("textarea[name=options]")).toHaveValue(
    "cedar | Cedr | Cedar\ncrystal | Křišťál | Crystal",
  );
  await section.getByRole("button", { name: "Smazat" }).click();
  await expect(page.getByRole("status")).toHaveText("Uloženo.");
  await expect(page.getByRole("heading", { name: /Materiál \(material\)/ })).toHaveCount(0);
});
