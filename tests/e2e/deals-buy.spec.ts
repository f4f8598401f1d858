import { DEALS } from "#server/db/seed/settings-data.ts";
import { freeInsertion, SIMULATOR } from "./deal-helpers.ts";
import { expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";
import { photo } from "./wanted-ad.ts";

/**
 * "Koupit" (issue 35, item 1): a seller lists a fixed-price classified ("Pevná cena (inzerát)")
 * taking payment through the site with Zásilkovna and PPL; another collector clicks Koupit,
 * chooses PPL, sees the breakdown, buys, and pays by card on the payment provider simulator's
 * page; meanwhile the seller sees the listing reserved, and once paid it is sold.
 *
 * On the deals' server (the "deals" project of playwright.config.ts).
 */

// Collectors no other story on the deals' server uses (deal-terms.spec.ts has 1 and 10).
const SELLER = { email: "sberatel4@rarita.test", password: "demo-sberatel" };
const BUYER = { email: "sberatel5@rarita.test", password: "demo-sberatel" };

test("a fixed-price classified bought with Koupit, its delivery chosen, paid by card, is sold", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // Insertion fees off, so the classified goes live at once; left so (freeInsertion says why).
  await freeInsertion(request);
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const seller = await signedIn(browser, baseURL!, SELLER);
  await seller.goto("/ucet/vase-aukce/pridat");
  const form = seller.getByTestId("listing-form");
  // The photo input uploads through the form's scripts: files picked before hydration are lost.
  await expect(form.locator("[data-hydrated]")).toHaveCount(1);
  const name = `Appleton 21 ${Date.now().toString(36)}`;
  await form.getByTestId("field-category").selectOption({ label: "Alkohol" });
  await form.getByTestId("field-subcategory").selectOption({ label: "Rum › Latinská Amerika › Venezuela" });
  await form.getByTestId("field-package").selectOption({ label: "Láhev 0,7 l" });
  await form.getByTestId("field-name").fill(name);
  await form.getByTestId("field-description").fill("Původní balení, hladina do hrdla.");
  await form.getByTestId("priceMode-fixed").check();
  await expect(form.getByTestId("field-reserve")).toHaveCount(0);
  await form.getByTestId("field-price").fill("1500");
  await form
    .getByTestId("image-input")
    .setInputFiles([{ name: "lahev.png", mimeType: "image/png", buffer: await photo("#a0522d") }]);
  await expect(form.getByTestId("image-item")).toHaveCount(1);
  const delivery = form.getByTestId("form-section-delivery");
  await delivery.getByTestId("field-pays-through-site").check();
  await delivery.getByTestId("delivery-zasilkovna").check();
  await delivery.getByTestId("delivery-price-zasilkovna").fill("89");
  await delivery.getByTestId("delivery-ppl").check();
  await delivery.getByTestId("delivery-price-ppl").fill("129");
  await seller.getByRole("button", { name: "Zobrazit náhled" }).click();
  await expect(seller.getByTestId("listing-preview").getByTestId("preview-name")).toHaveText(name);
  await seller.getByRole("button", { name: "Odeslat inzerát" }).click();
  await expect(seller.getByTestId("listing-confirmation").getByTestId("listing-status")).toHaveText(
    "Aktivní",
  );
  await seller.goto("/ucet/vase-aukce");
  await seller.getByTestId("my-listing").filter({ hasText: name }).getByTestId("my-listing-edit").click();
  const productUrl = (await seller.getByTestId("edit-listing-name").getAttribute("href"))!;

  // The buyer sees the price block's breakdown and Koupit.
  const buyer = await signedIn(browser, baseURL!, BUYER);
  await buyer.goto(productUrl);
  // 1 500 Kč + Zásilkovna 89 Kč + protection (5 % + 10 Kč = 85 Kč).
  await expect(buyer.getByTestId("offer-all-in-total")).toContainText("1 674,00 Kč");
  await buyer.getByTestId("offer-buy").click();
  await expect(buyer).toHaveURL(/\/ucet\/koupit\/\d+$/);
  await expect(buyer.getByTestId("buy-carrier-zasilkovna")).toBeChecked();
  await expect(buyer.getByTestId("buy-all-in-total")).toContainText("1 674,00 Kč");
  await buyer.getByTestId("buy-carrier-ppl").check();
  await expect(buyer.getByTestId("buy-all-in-delivery")).toContainText("PPL");
  await expect(buyer.getByTestId("buy-all-in-total")).toContainText("1 714,00 Kč");
  await buyer.getByTestId("buy-submit").click();

  // The deal's page, the same figures, to pay.
  await expect(buyer).toHaveURL(/\/ucet\/obchody\/\d+$/);
  const dealId = new URL(buyer.url()).pathname.split("/").pop() ?? "";
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  await expect(buyer.getByTestId("deal-total")).toHaveText("1 714,00 Kč");

  // Meanwhile the listing is reserved.
  await seller.goto(productUrl);
  await expect(seller.getByTestId("offer-reserved")).toContainText("Rezervováno");
  await expect(seller.getByTestId("offer-buy")).toHaveCount(0);

  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await expect(buyer.getByText("1 714,00 Kč").first()).toBeVisible();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ucet/obchody/${dealId}\\?payment=returned`));
  await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");

  // Paid, the listing is sold.
  await seller.goto(productUrl);
  await expect(seller.getByTestId("status-banner")).toHaveAttribute("data-status", "sold");
  await expect(seller.getByTestId("offer-buy")).toHaveCount(0);
  await buyer.context().close();
  await seller.context().close();
});
