import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signedIn, submitLogin, test } from "./fixtures.ts";

/**
 * "Napsat prodávajícímu" (issue 14): on an auction before and after its end, and on the seller's
 * profile, as on a classified; a guest logs in on the way and lands on the message form; the seller
 * gets the conversations and sees no such button on their own auction or profile. Two collectors of
 * the demo data that no other spec uses.
 */
const SELLER = { email: "sberatel3@rarita.test", password: "demo-sberatel" };
const BUYER = { email: "sberatel5@rarita.test", password: "demo-sberatel" };
const WRITE = "Napsat prodávajícímu";

async function createAuction(request: APIRequestContext, name: string, endsInSeconds: number) {
  const created = await request.post("/__diagnostics/auction", {
    data: { sellerEmail: SELLER.email, startPriceMinor: 150_000, endsInSeconds, name },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { id: number; url: string };
}

async function send(page: Page, text: string) {
  await page.getByTestId("contact-message").fill(text);
  await page.getByRole("button", { name: "Odeslat zprávu" }).click();
  await expect(page.getByTestId("contact-sent")).toBeVisible();
}

/** The seller's inbox has the conversation about `name` ending with `last`. */
async function sellerHasThread(page: Page, name: string, last: string) {
  await page.goto("/ucet/zpravy");
  await expect(
    page.getByTestId("thread-row").filter({ hasText: name }).filter({ hasText: last }),
  ).toHaveCount(1);
}

test("a guest logs in from a live auction's button and writes; the seller gets it and has no button on their own auction", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // two browsers
  const name = `Kontakt živá ${Date.now().toString(36)}`;
  const live = await createAuction(request, name, 3600);

  await page.goto(live.url);
  await page.getByRole("link", { name: "Přihlaste se a napište prodávajícímu" }).click();
  await expect(page).toHaveURL(/\/ucet\?redirect=/);
  await submitLogin(page, BUYER);
  await expect(page).toHaveURL(`/ucet/zpravy/napsat/${live.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(WRITE);
  await send(page, "Dobrý den, jaký je stav etikety?");

  // Back on the auction, signed in: the button goes straight to the form.
  await page.goto(live.url);
  await expect(page.getByTestId("auction-panel")).toBeVisible();
  await expect(page.getByRole("link", { name: WRITE })).toHaveAttribute(
    "href",
    `/ucet/zpravy/napsat/${live.id}`,
  );

  const seller = await signedIn(browser, baseURL!, SELLER);
  await sellerHasThread(seller, name, "jaký je stav etikety?");
  await seller.goto(live.url);
  await expect(seller.getByTestId("auction-panel")).toBeVisible();
  await expect(seller.getByRole("link", { name: WRITE })).toHaveCount(0);
  await seller.context().close();
});

test("an ended auction still offers the button, and the seller gets the message", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // two browsers and an auction's close
  const name = `Kontakt skončená ${Date.now().toString(36)}`;
  const ending = await createAuction(request, name, 3600);
  // It ends now: the close job decides it within seconds (no bids: ended).
  await request.post(`/__diagnostics/auction/${ending.id}`, { data: { endsInSeconds: 1 } });

  const buyer = await signedIn(browser, baseURL!, BUYER);
  await expect(async () => {
    await buyer.goto(ending.url);
    await expect(buyer.getByTestId("product-page")).toHaveAttribute("data-status", "ended", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await buyer.getByRole("link", { name: WRITE }).click();
  await expect(buyer).toHaveURL(`/ucet/zpravy/napsat/${ending.id}`);
  await send(buyer, "Dobrý den, prodáte ji i po skončení aukce?");
  await buyer.context().close();

  const seller = await signedIn(browser, baseURL!, SELLER);
  await sellerHasThread(seller, name, "prodáte ji i po skončení aukce?");
  await seller.goto(ending.url);
  await expect(seller.getByTestId("product-page")).toHaveAttribute("data-status", "ended");
  await expect(seller.getByRole("link", { name: WRITE })).toHaveCount(0);
  await seller.context().close();
});

test("the profile's button asks which listing the message is about; not on one's own profile", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // two browsers
  const name = `Kontakt profil ${Date.now().toString(36)}`;
  const live = await createAuction(request, name, 3600);

  const page = await signedIn(browser, baseURL!, BUYER);
  await page.goto(live.url);
  await page.getByTestId("seller-link").click();
  await expect(page.getByTestId("user-profile")).toBeVisible();
  const sellerId = await page.getByTestId("user-profile").getAttribute("data-user-id");
  await page.getByTestId("profile-contact").getByRole("link", { name: WRITE }).click();
  await expect(page).toHaveURL(`/ucet/zpravy/napsat-prodavajicimu/${sellerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(WRITE);
  // Without a choice the form says what is missing.
  await page.getByTestId("contact-message").fill("Máte i jiné ročníky?");
  await page.getByRole("button", { name: "Odeslat zprávu" }).click();
  await expect(page.getByText("Pole musí být vyplněno")).toBeVisible();
  await page.getByLabel("Čeho se zpráva týká").selectOption({ label: `${name} (probíhá)` });
  await send(page, "Máte i jiné ročníky?");
  await page.getByRole("link", { name: "Otevřít konverzaci" }).click();
  await expect(page.getByTestId("thread-view").getByTestId("message").last()).toContainText(
    "Máte i jiné ročníky?",
  );
  await page.context().close();

  const seller = await signedIn(browser, baseURL!, SELLER);
  await sellerHasThread(seller, name, "Máte i jiné ročníky?");
  await seller.goto(`/uzivatel/${sellerId}`);
  await expect(seller.getByTestId("user-profile")).toBeVisible();
  await expect(seller.getByTestId("profile-contact")).toHaveCount(0);
  await seller.context().close();
});
