import { DEALS } from "#server/db/seed/settings-data.ts";
import { freeInsertion } from "./deal-helpers.ts";
import { expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";
import { photo } from "./wanted-ad.ts";

/**
 * The seller's deal terms and the all-in total before a binding bid (issue 35, item 2; ADR 0075):
 * with deals through the site on, a seller adds an auction with Zásilkovna at 89 Kč and pickup in
 * Praha (a pickup without its town refused first, nothing typed lost); a VIP collector (10 %
 * group discount) sees the options on the product page, the bid box's total following the
 * amount, and the confirmation's breakdown.
 *
 * Deals on make delivery required of every new auction, so this spec runs on the deals' own
 * server (the "deals" project of playwright.config.ts, with deals.spec.ts); it leaves the insertion
 * fees off and deals on, as the specs beside it do (deal-helpers.ts, freeInsertion).
 */

// A verified collector, and the VIP group's member, whom no other story on this server uses.
const SELLER = { email: "sberatel10@rarita.test", password: "demo-sberatel" };
const VIP_BUYER = { email: "sberatel1@rarita.test", password: "demo-sberatel" };

test("an auction with delivery options shows the all-in total in the bid box and the confirmation", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // a listing added through the preview, then bid on by another account
  // Insertion fees off and deals on, both left so: the specs beside it on this server write the same.
  await freeInsertion(request);
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const seller = await signedIn(browser, baseURL!, SELLER);
  await seller.goto("/ucet/vase-aukce/pridat");
  const form = seller.getByTestId("listing-form");
  const delivery = form.getByTestId("form-section-delivery");
  await expect(delivery.getByRole("heading")).toHaveText("Doručení a platba přes Raritu");
  // The photo input uploads through the form's scripts: files picked before hydration are lost.
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);

  const name = `Hampden 8 let ${Date.now().toString(36)}`;
  await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
  await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Latinská Amerika › Venezuela" });
  await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
  await form.getByTestId("field-name").fill(name);
  await form.getByTestId("field-description").fill("Původní balení, hladina do hrdla.");
  await form.getByTestId("field-price").fill("900");
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#8b1e3f") }]);
  await expect(form.getByTestId("image-item")).toHaveCount(1);
  await delivery.getByTestId("delivery-zasilkovna").check();
  await delivery.getByTestId("delivery-price-zasilkovna").fill("89");
  await delivery.getByTestId("delivery-pickup").check();

  // Pickup without its town is refused on the server; what was typed stays.
  await seller.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(delivery).toContainText("Město osobního odběru musí mít 2 až 80 znaků.");
  await expect(delivery.getByTestId("delivery-price-zasilkovna")).toHaveValue("89");
  await expect(delivery.getByTestId("delivery-zasilkovna")).toBeChecked();
  await expect(form.getByTestId("field-name")).toHaveValue(name);

  await delivery.getByTestId("delivery-pickup-town").fill("Praha");
  await seller.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(seller.getByTestId("listing-preview").getByTestId("preview-name")).toHaveText(name);
  await expect(seller.getByTestId("preview-delivery")).toHaveText(
    "Doručení: Zásilkovna 89,00 Kč, Osobní odběr Praha",
  );
  await seller.getByRole("button", { name: "Odeslat inzerát" }).click();
  const confirmation = seller.getByTestId("listing-confirmation");
  await expect(confirmation.getByTestId("listing-status")).toHaveText("Aktivní");

  // The edit form shows the saved terms.
  await seller.goto("/ucet/vase-aukce");
  await seller.getByTestId("my-listing").filter({ hasText: name }).getByTestId("my-listing-edit").click();
  const saved = seller.getByTestId("form-section-delivery");
  await expect(saved.getByTestId("delivery-zasilkovna")).toBeChecked();
  await expect(saved.getByTestId("delivery-price-zasilkovna")).toHaveValue("89");
  await expect(saved.getByTestId("delivery-pickup-town")).toHaveValue("Praha");
  const productUrl = await seller.getByTestId("edit-listing-name").getAttribute("href");
  await seller.context().close();

  const buyer = await signedIn(browser, baseURL!, VIP_BUYER);
  await buyer.goto(productUrl!);
  // The live box is hydrated (its stream open) before the amount is typed.
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await expect(buyer.getByTestId("deal-delivery")).toHaveText(
    "Doručení: Zásilkovna 89,00 Kč, Osobní odběr Praha",
  );
  // 900 Kč + 89 Kč + (5 % + 10 Kč = 55 Kč, less the VIP group's 10 % = 49,50 Kč).
  const allIn = buyer.getByTestId("bid-all-in");
  await expect(allIn).toHaveText("Celkem s doručením a ochranou kupujícího: 1 038,50 Kč");
  const amount = buyer.getByTestId("bid-amount");
  await amount.fill("2000");
  // 2 000 + 89 + (110 − 11).
  await expect(allIn).toHaveText("Celkem s doručením a ochranou kupujícího: 2 188,00 Kč");

  await buyer.getByRole("button", { name: "Přihodit", exact: true }).click();
  const breakdown = buyer.getByTestId("bid-confirm").getByTestId("bid-confirm-all-in");
  await expect(breakdown.getByTestId("bid-confirm-all-in-price")).toContainText("2 000,00 Kč");
  await expect(breakdown.getByTestId("bid-confirm-all-in-delivery")).toContainText("Doručení: Zásilkovna");
  await expect(breakdown.getByTestId("bid-confirm-all-in-delivery")).toContainText("89,00 Kč");
  await expect(breakdown.getByTestId("bid-confirm-all-in-protection")).toContainText("99,00 Kč");
  await expect(breakdown.getByTestId("bid-confirm-all-in-total")).toContainText("2 188,00 Kč");
  await buyer.context().close();
});
