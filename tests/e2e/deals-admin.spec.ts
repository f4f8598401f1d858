import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { DEALS } from "#server/db/seed/settings-data.ts";
import { bid, RIVAL, SIMULATOR } from "./deal-helpers.ts";
import { answerConsent, DEMO, expect, signedIn, test } from "./fixtures.ts";
import { putSetting } from "./settings.ts";
import { signInStaff } from "./staff.ts";

/**
 * The operator's side of disputes and strikes (issue 35, items 6, 7 and 9), as the buyer, the
 * seller and customer support (support@rarita.test, scope `deals`) live it: a dispute opened with
 * a photo that only the two sides and the operator may see, queued for the operator and decided;
 * and a buyer suspended for two unpaid wins whose suspension the operator reviews with reasons the
 * buyer receives.
 *
 * On the deals' server (the "deals" project of playwright.config.ts).
 */

const SUPPORT = "support@rarita.test";
const LATE_PAYER = { email: "sberatel3@rarita.test", password: "demo-sberatel" };

/** A live auction of the demo seller with Zásilkovna at 89 Kč. */
async function auction(request: APIRequestContext, name: string) {
  await putSetting(request, "deals", () => ({ ...DEALS, enabled: true }));
  const created = await request.post("/__diagnostics/auction", {
    data: {
      sellerEmail: DEMO.seller.email,
      startPriceMinor: 100_000,
      endsInSeconds: 600,
      name,
      delivery: [{ carrier: "zasilkovna", priceMinor: 8_900 }],
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { id: number; url: string };
}

/** The buyer wins the auction at 1 000 Kč; answers the deal's id, its page open. */
async function win(request: APIRequestContext, buyer: Page, name: string) {
  const live = await auction(request, name);
  await buyer.goto(live.url);
  await expect(buyer.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await bid(buyer, "1000");
  await request.post(`/__diagnostics/auction/${live.id}`, { data: { endsInSeconds: 1 } });
  await expect(async () => {
    await buyer.goto("/ucet/nakupy");
    await expect(buyer.getByTestId("deal-list").getByText(name)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await buyer
    .getByTestId("deal-list")
    .locator("li")
    .filter({ hasText: name })
    .getByRole("link", { name })
    .click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Čeká na platbu");
  return new URL(buyer.url()).pathname.split("/").pop() ?? "";
}

/** Paid by card on the provider's page, then shipped by the seller. */
async function payAndShip(buyer: Page, seller: Page, dealId: string) {
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${SIMULATOR}/pay/`));
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Zaplaceno, čeká na odeslání");
  await seller.goto(`/ucet/obchody/${dealId}`);
  await seller.getByLabel("Číslo zásilky").fill("Z 1234 5678");
  await seller.getByRole("button", { name: "Označit jako odeslané" }).click();
  await expect(seller.getByTestId("deal-status")).toHaveText("Odesláno");
  await buyer.reload();
}

/** A phone's photo of the broken seal (a JPEG with the camera's EXIF). */
const sealPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 60, b: 30 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "Rarita Test Camera" } } })
    .toBuffer();

async function staffPage(
  browser: import("@playwright/test").Browser,
  baseURL: string,
  to: string,
  email = SUPPORT,
) {
  const context = await browser.newContext({ baseURL });
  await answerConsent(context, baseURL);
  const page = await context.newPage();
  await signInStaff(page, email, { to });
  return page;
}

test("a dispute with a photo: the seller sees it, the operator's queue has it, the operator decides; nobody else sees the photo", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `Foursquare 2005 ${Date.now().toString(36)}`;
  const buyer = await signedIn(browser, baseURL!, DEMO.buyer);
  const seller = await signedIn(browser, baseURL!, DEMO.seller);
  const stranger = await signedIn(browser, baseURL!, RIVAL);
  const dealId = await win(request, buyer, name);
  await payAndShip(buyer, seller, dealId);

  const open = buyer.getByTestId("dispute-open");
  await open.getByLabel("Důvod").selectOption({ label: "Poškozené nebo vyteklé" });
  await open.getByLabel("Co se stalo").fill("Pečeť je prasklá, fotografie přikládám.");
  await open.getByLabel(/^Fotografie/).setInputFiles({
    name: "pecet.jpg",
    mimeType: "image/jpeg",
    buffer: await sealPhoto(),
  });
  await open.getByRole("button", { name: "Otevřít spor" }).click();
  await expect(buyer.getByTestId("deal-status")).toHaveText("Ve sporu");
  const photo = buyer.getByTestId("dispute").getByRole("img", { name: "Fotografie 1: Kupující" });
  await expect(photo).toBeVisible();
  const url = (await photo.getAttribute("src")) ?? "";
  expect(url).toMatch(new RegExp(`^/api/deals/${dealId}/dispute/photos/\\d+$`));

  // The seller sees it; another collector gets the same 404 as for no photo at all.
  await seller.reload();
  await expect(
    seller.getByTestId("dispute").getByRole("img", { name: "Fotografie 1: Kupující" }),
  ).toBeVisible();
  const bySeller = await seller.request.get(url);
  expect(bySeller.status()).toBe(200);
  expect(bySeller.headers()["content-type"]).toBe("image/webp");
  expect((await bySeller.body()).includes("Rarita Test Camera")).toBe(false);
  expect((await stranger.request.get(url)).status()).toBe(404);
  expect((await stranger.request.get(`/ucet/obchody/${dealId}`)).status()).toBe(404);

  // Handed over after the answer days (the diagnostics end them), it leads the operator's queue.
  expect((await request.post(`/__diagnostics/dispute/${dealId}`)).status()).toBe(200);
  await buyer.reload();
  await buyer.getByRole("button", { name: "Předat provozovateli" }).click();
  await expect(buyer.getByTestId("dispute")).toHaveAttribute("data-status", "escalated");

  const operator = await staffPage(browser, baseURL!, "/admin/obchody/spory");
  const row = operator.locator(`[data-testid="dispute-row"][data-deal-id="${dealId}"]`);
  await expect(row).toHaveAttribute("data-status", "escalated");
  await expect(row).toContainText("Poškozené nebo vyteklé");
  await expect(row).toContainText(DEMO.buyer.email);
  await expect(row).toContainText(DEMO.seller.email);
  await expect(operator.getByTestId("dispute-row").first()).toHaveAttribute("data-status", "escalated");
  await row.getByRole("link", { name: "Rozhodnout" }).click();
  await expect(operator.getByRole("img", { name: "Fotografie 1 ke zprávě: Kupující" })).toBeVisible();
  expect((await operator.request.get(url)).status()).toBe(200);
  const decide = operator.getByTestId("dispute-decide");
  await decide.getByLabel("Vrátit kupujícímu (Kč)").fill("1000");
  await decide.getByLabel("Zjištěné skutečnosti").fill("Fotografie kupujícího ukazují prasklou pečeť.");
  await decide
    .getByLabel("Odůvodnění (podmínky, zákon)")
    .fill("Podmínky, Poctivé obchodování: zboží má dorazit, jak bylo popsáno.");
  await decide.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(operator.getByTestId("admin-dispute")).toHaveAttribute("data-status", "resolved");
  await operator.goto("/admin/obchody/spory");
  await expect(operator.locator(`[data-testid="dispute-row"][data-deal-id="${dealId}"]`)).toHaveCount(0);

  await seller.reload();
  await expect(seller.getByTestId("dispute-decision")).toContainText("prasklou pečeť");
  for (const page of [buyer, seller, stranger, operator]) await page.context().close();
});

test("a buyer suspended for two unpaid wins: the operator keeps it with reasons the buyer reads; another staff member changes it on appeal", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const late = await signedIn(browser, baseURL!, LATE_PAYER);
  // Two won auctions whose payment deadline passed unpaid (the diagnostics record the strikes).
  for (const name of [`Caroni 1996 ${stamp}`, `Hampden 2010 ${stamp}`]) {
    const dealId = await win(request, late, name);
    expect((await request.post(`/__diagnostics/strike/${dealId}`)).status()).toBe(200);
  }
  // The next bid is refused, and the refusal says the operator reviews it.
  const next = await auction(request, `Worthy Park 2007 ${stamp}`);
  await late.goto(next.url);
  await expect(late.getByTestId("auction-live")).toHaveAttribute("data-state", "open");
  await late.getByTestId("bid-amount").fill("1000");
  await late.getByTestId("bid-submit").click();
  await late.getByTestId("bid-confirm").getByTestId("bid-confirm-submit").click();
  await expect(late.getByText(/Pozastavení posoudí provozovatel/)).toBeVisible();

  const operator = await staffPage(browser, baseURL!, "/admin/obchody/prohresky");
  const row = operator.getByTestId("strike-row").filter({ hasText: LATE_PAYER.email });
  await expect(row).toHaveAttribute("data-suspended", "true");
  await expect(row).toContainText("Započítané prohřešky: 2");
  const review = row.getByTestId("strike-review");
  await review.getByLabel("Ponechat pozastavení").check();
  await review
    .getByLabel("Zjištěné skutečnosti")
    .fill("Obě vydražené láhve zůstaly nezaplacené bez vysvětlení.");
  await review
    .getByLabel("Odůvodnění (podmínky, zákon)")
    .fill("Obchodní podmínky, Poctivé obchodování: vydražená položka se musí zaplatit.");
  await review.getByRole("button", { name: "Uložit a oznámit kupujícímu" }).click();
  await expect(row.getByRole("status")).toContainText("kupující dostal oznámení");
  await expect(row.getByTestId("strike-last-review")).toContainText("pozastavení ponecháno");

  // The buyer reads the statement with its facts and grounds in the inbox.
  await late.goto("/ucet/zpravy");
  await late
    .getByText(/posoudil pozastavení vašeho přihazování a ponechal/)
    .first()
    .click();
  await expect(late.getByText(/bez vysvětlení/).first()).toBeVisible();

  // The buyer appeals on the review's page; the one who decided may not answer, another staff member does.
  const reviewId = await row.getByTestId("strike-last-review").getAttribute("data-review-id");
  await late.goto(`/ucet/obchody/posouzeni/${reviewId}`);
  await expect(late.getByTestId("strike-review-page")).toContainText("bez vysvětlení");
  await late
    .getByLabel("Proč by se mělo rozhodnutí změnit")
    .fill("V obou lhůtách jsem byl v nemocnici, zprávu přikládám.");
  await late.getByRole("button", { name: "Odvolat se" }).click();
  await expect(late.getByRole("status")).toContainText("Odvolání je podané");
  await operator.goto("/admin/obchody/odvolani");
  const appeal = operator.getByTestId("appeal-row").filter({ hasText: LATE_PAYER.email });
  await expect(appeal).toContainText("Toto rozhodnutí jste vydali vy");
  await expect(appeal.getByTestId("appeal-answer-form")).toHaveCount(0);
  const admin = await staffPage(browser, baseURL!, "/admin/obchody/odvolani", DEMO.admin.email);
  const answer = admin
    .getByTestId("appeal-row")
    .filter({ hasText: LATE_PAYER.email })
    .getByTestId("appeal-answer-form");
  await answer.getByLabel("Změnit rozhodnutí").check();
  await answer.getByLabel("Odůvodnění odpovědi").fill("Hospitalizace je doložená; pozastavení rušíme.");
  await answer.getByRole("button", { name: "Odeslat odpověď" }).click();
  await expect(admin.getByTestId("appeal-row").filter({ hasText: LATE_PAYER.email })).toHaveAttribute(
    "data-answered",
    "true",
  );
  await late.reload();
  await expect(late.getByTestId("appeal-answer")).toContainText("rozhodnutí změněno");
  await operator.goto("/admin/obchody/prohresky");
  await expect(operator.getByTestId("strike-row").filter({ hasText: LATE_PAYER.email })).toHaveAttribute(
    "data-suspended",
    "false",
  );
  for (const page of [late, operator, admin]) await page.context().close();
});
