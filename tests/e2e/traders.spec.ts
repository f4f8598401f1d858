import type { Locator, Page } from "@playwright/test";
import { photoLikeJpeg } from "#server/test/photo.ts";
import { expect, logIn, test } from "./fixtures.ts";
import { postWantedAd } from "./wanted-ad.ts";

/**
 * The seller's declaration (issue 36, item 2): a trader whose IČO fails its check digit, or whom
 * ARES (its simulator) does not know, cannot publish; a trader verified in ARES can, and their
 * listing shows "Obchodník" with the DSA Art 30 details; a private seller's listing shows the
 * CRD Art 6a notice. The two newcomers of the demo data have not declared yet.
 */

const TRADER = { email: "novy.prodejce1@rarita.test", password: "demo-sberatel" };
const PRIVATE = { email: "novy.prodejce2@rarita.test", password: "demo-sberatel" };
const DECLARATION = "/ucet/prodavajici";
const ADD = "/ucet/vase-aukce/pridat";

/** The listing form filled in full, sent to the preview: the seller's refusal, if any, shows there. */
async function tryToPublish(page: Page): Promise<Locator> {
  await page.goto(ADD);
  // Said before anything is typed, and again when the listing is sent.
  await expect(page.getByTestId("seller-prompt")).toBeVisible();
  const form = page.getByTestId("listing-form");
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);
  await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
  await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Latinská Amerika › Venezuela" });
  await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
  await form.getByTestId("field-name").fill("Diplomático Reserva Exclusiva");
  await form.getByTestId("field-description").fill("Původní balení, hladina do hrdla.");
  await form.getByTestId("field-price").fill("900");
  await form
    .getByTestId("image-input")
    .setInputFiles([
      { name: "lahev.jpg", mimeType: "image/jpeg", buffer: await photoLikeJpeg({ shift: 30 }) },
    ]);
  await expect(form.getByTestId("image-item")).toHaveCount(1);
  await page.getByRole("button", { name: "Zobrazit náhled" }).click();
  return page.getByTestId("listing-refusal");
}

/** A listing's page, by the seller's own list of listings (its URL there). */
async function openListing(page: Page, id: number) {
  const mine = await (await page.request.get("/api/me/advertisements")).json();
  const listing = (mine.data as { id: number; url: string }[]).find((item) => item.id === id);
  await page.goto(listing!.url);
}

async function fillTrader(form: Locator, ico: string) {
  await form.getByRole("textbox", { name: "IČO", exact: true }).fill(ico);
  await form.getByLabel("Obchodní firma nebo jméno").fill("Vojtěch Beneš");
  await form.getByLabel("Ulice a číslo").fill("Pernerova 42");
  await form.getByLabel("Obec").fill("Praha");
  await form.getByLabel("PSČ").fill("18600");
  await form.getByLabel("Telefon").fill("+420 731 000 001");
  await form.getByLabel("E-mail pro kupující").fill("obchod@benes.test");
  await form
    .getByRole("textbox", { name: "Rejstřík", exact: true })
    .fill("obchodní rejstřík vedený Městským soudem v Praze");
  await form.getByLabel("Spisová značka nebo číslo zápisu").fill("B 4455");
  await form.getByLabel("Účet pro platby").fill("19-2000145399/0800");
  await form.getByLabel(/Prohlašuji, že budu nabízet pouze výrobky/).check();
}

test("a trader with a wrong IČO or one ARES does not know cannot publish; a verified trader's listing shows the details", async ({
  page,
}) => {
  test.slow(); // the listing form twice, ARES's simulator several times
  await logIn(page, TRADER, DECLARATION);
  await expect(page.getByTestId("declaration-status")).toHaveAttribute("data-kind", "none");

  // Undeclared: the listing form refuses with a link to the declaration.
  const undeclared = await tryToPublish(page);
  await expect(undeclared).toContainText(
    "uveďte prosím, zda prodáváte jako soukromá osoba, nebo jako obchodník",
  );
  await undeclared.getByRole("link", { name: "Vyplnit údaje prodávajícího" }).click();
  await expect(page).toHaveURL(DECLARATION);

  // A wrong check digit: refused at once, nothing typed is lost.
  await page.getByTestId("kind-trader").check();
  const form = page.getByTestId("trader-form");
  await fillTrader(form, "29033178");
  await form.getByRole("button", { name: "Uložit a ověřit v ARES" }).click();
  await expect(form.getByText("Toto IČO neexistuje: nesedí kontrolní číslice.")).toBeVisible();
  await expect(form.getByLabel("Telefon")).toHaveValue("+420 731 000 001");

  // An IČO ARES does not know: stored, not verified, so no publishing.
  await form.getByRole("textbox", { name: "IČO", exact: true }).fill("12345679");
  await form.getByRole("button", { name: "Uložit a ověřit v ARES" }).click();
  await expect(form.getByText("ARES subjekt s tímto IČO nezná.")).toBeVisible();
  await expect(form.getByTestId("trader-message")).toContainText("IČO se v ARES ověřit nepodařilo");
  await expect(form.getByLabel("Účet pro platby")).toHaveValue("19-2000145399/0800");
  const unverified = await tryToPublish(page);
  await expect(unverified).toContainText("až s úplnými údaji a IČO ověřeným v ARES");

  // A company ARES knows: name and seat loaded from ARES, the rest kept; saved and verified.
  await page.goto(DECLARATION);
  await form.getByRole("textbox", { name: "IČO", exact: true }).fill("29033179");
  await form.getByRole("button", { name: "Načíst z ARES" }).click();
  await expect(form.getByTestId("ares-loaded")).toContainText("Sklep rarit a.s.");
  await expect(form.getByLabel("Obchodní firma nebo jméno")).toHaveValue("Sklep rarit a.s.");
  await expect(form.getByLabel("Ulice a číslo")).toHaveValue("Pernerova 691/42");
  await expect(form.getByLabel("Telefon")).toHaveValue("+420 731 000 001");
  await form.getByRole("button", { name: "Uložit a ověřit v ARES" }).click();
  await expect(form.getByTestId("trader-message")).toContainText("Uloženo a ověřeno v ARES");
  await expect(page.getByTestId("ares-state")).toContainText("Ověřeno v ARES dne");

  // Now the trader publishes, and the listing says who sells it.
  const id = await postWantedAd(page.request, {
    name: "Hledám Caroni 1996",
    description: "Koupím láhev Caroni 1996, ideálně v původní krabici.",
  });
  await openListing(page, id);
  const box = page.getByTestId("seller-kind");
  await expect(box).toHaveAttribute("data-kind", "trader");
  await expect(box).toContainText("Obchodník");
  await expect(box).toContainText("Sklep rarit a.s.");
  await expect(box).toContainText("Pernerova 691/42, 186 00 Praha");
  await expect(box).toContainText("29033179");
  await expect(box).toContainText("B 4455");
  await expect(box).toContainText("obchod@benes.test");
  await expect(box).toContainText("+420 731 000 001");
  await expect(box.getByTestId("ares-verified")).toContainText("Ověřeno v ARES dne");
});

test("a private seller's listing carries the notice that EU consumer rights do not apply", async ({
  page,
}) => {
  await logIn(page, PRIVATE, DECLARATION);
  await page.getByTestId("kind-private").check();
  await page.getByRole("button", { name: "Uložit: prodávám jako soukromá osoba" }).click();
  await expect(page.getByTestId("saved-message")).toContainText("prodáváte jako soukromá osoba");
  await expect(page.getByTestId("declaration-status")).toHaveAttribute("data-kind", "private");
  const id = await postWantedAd(page.request, {
    name: "Hledám Havana Club 15",
    description: "Koupím láhev Havana Club 15 let, i bez krabice.",
  });
  await openListing(page, id);
  await expect(page.getByTestId("seller-kind")).toHaveAttribute("data-kind", "private");
  await expect(page.getByTestId("crd-notice")).toHaveText(
    "Prodávající je soukromá osoba. Na nákup od soukromé osoby se nevztahují práva spotřebitele podle práva EU, jako je odstoupení od smlouvy do 14\u00a0dnů nebo záruka za jakost.",
  );
  // The public profile says the same.
  await page.getByTestId("seller-card").getByRole("link").first().click();
  await expect(page.getByTestId("user-profile").getByTestId("crd-notice")).toBeVisible();
});
