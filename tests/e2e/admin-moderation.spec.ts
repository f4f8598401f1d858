import type { APIRequestContext } from "@playwright/test";
import { violations } from "./axe.ts";
import { answerConsent, DEMO, expect, test } from "./fixtures.ts";
import { caughtMails, mailLink } from "./mail.ts";
import { signInStaff } from "./staff.ts";
import { postWantedAd } from "./wanted-ad.ts";

/**
 * Moderation per the Digital Services Act (docs/product/back-office.md, "Moderation"): a guest
 * reports a listing (Art. 16), a moderator removes it with a statement of reasons (Art. 17), the
 * seller receives it by mail and complains from the decision page (Art. 20), another moderator
 * reverses it; the receipt, the statement and the outcome arrive over SMTP. Every moderation
 * screen, the report page and the decision page pass axe. The listing is the test's own.
 */

const MODERATOR = "moderator@rarita.test";
const MODERATOR2 = "moderator2@rarita.test";

/** A wanted ad of the demo seller (free by the price list, so it goes live at once); its id. */
async function sellersListing(request: APIRequestContext, name: string): Promise<number> {
  const login = await request.post("/api/auth/login", { data: DEMO.seller });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return postWantedAd(request, {
    headers,
    name,
    description: "Koupím tuto láhev, ideálně v původním balení.",
  });
}

async function waitForMail(to: string, subject: RegExp) {
  await expect
    .poll(async () => (await caughtMails()).some((mail) => mail.to === to && subject.test(mail.subject)), {
      timeout: 15_000,
    })
    .toBe(true);
}

test("a guest reports a listing, a moderator removes it, the seller complains, another moderator reverses it", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const n = Date.now() % 1_000_000;
  const listingId = await sellersListing(request, `Hledám láhev ${n}`);
  const guestEmail = `host-${n}@example.cz`;

  // A guest reports it: reason, explanation, e-mail; the browser solves the bot proof.
  const guestContext = await browser.newContext();
  await answerConsent(guestContext, baseURL!);
  const guest = await guestContext.newPage();
  await guest.goto(`/nahlasit?kind=listing&id=${listingId}`);
  await expect(guest.getByRole("heading", { name: "Nahlásit obsah", level: 1 })).toBeVisible();
  expect(await violations(guest)).toEqual([]);
  const reportForm = guest.getByTestId("report-form");
  await reportForm.getByLabel("Důvod").selectOption("counterfeit");
  await reportForm.getByLabel("Vysvětlení").fill("Fotografie ukazují padělanou etiketu.");
  await reportForm.getByLabel("Váš e-mail").fill(guestEmail);
  await expect(guest.getByTestId("report-form")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await guest.getByRole("button", { name: "Odeslat hlášení" }).click();
  const sent = guest.getByTestId("report-sent");
  await expect(sent).toBeVisible();
  expect(await violations(guest)).toEqual([]);
  const reportId = Number((await sent.textContent())?.match(/číslo (\d+)/)?.[1]);
  await waitForMail(guestEmail, new RegExp(`hlášení č. ${reportId}`));
  await guestContext.close();

  // The first moderator removes the listing with a statement of reasons.
  await signInStaff(page, MODERATOR, { to: "/admin/moderace" });
  await expect(page.getByRole("heading", { name: "Moderace", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto(`/admin/moderace/hlaseni/${reportId}`);
  await expect(page.getByTestId("listing-panel")).toBeVisible();
  await expect(page.getByTestId("user-history")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const form = page.getByTestId("decision-form");
  await form.getByLabel("Opatření").selectOption("remove_listing");
  await form.getByLabel("Skutečnosti").fill("Na fotografiích je padělaná etiketa.");
  await form.getByLabel("Důvody").fill("Padělky obchodní podmínky zakazují.");
  await form.getByLabel("Pravidlo obchodních podmínek").selectOption("counterfeits");
  await form.getByRole("button", { name: "Rozhodnout" }).click();
  await expect(page).toHaveURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
  const decisionId = Number(page.url().match(/(\d+)$/)?.[1]);
  expect(await violations(page)).toEqual([]);
  await page.goto("/admin/moderace/rozhodnuti");
  await expect(page.getByTestId("table-decisions")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto(`/admin/moderace/inzeraty/${listingId}`);
  await expect(page.getByTestId("admin-listing-review")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The seller receives the statement by mail and complains from the decision page.
  const link = await mailLink(
    DEMO.seller.email,
    /Rozhodnutí moderátora/,
    /\/ucet\/rozhodnuti\/\d+\?k=[\w%-]+/,
  );
  expect(link).toMatch(new RegExp(`^/ucet/rozhodnuti/${decisionId}\\?k=`));
  await waitForMail(guestEmail, new RegExp(`Rozhodnutí o vašem hlášení č. ${reportId}`));
  // The mail's link opens the statement without signing in (a suspended account could not).
  const sellerContext = await browser.newContext();
  await answerConsent(sellerContext, baseURL!);
  const seller = await sellerContext.newPage();
  await seller.goto(link);
  await expect(seller.getByTestId("statement")).toContainText("Padělky obchodní podmínky zakazují.");
  expect(await violations(seller)).toEqual([]);
  await seller
    .getByTestId("complaint-form")
    .getByLabel("Stížnost")
    .fill("Láhev je pravá, etiketa je originální.");
  await seller.getByRole("button", { name: "Podat stížnost" }).click();
  await expect(seller.getByTestId("complaint-sent")).toBeVisible();
  expect(await violations(seller)).toEqual([]);

  // The first moderator may not decide it; another one reverses it.
  await page.goto(`/admin/moderace/rozhodnuti/${decisionId}`);
  await page.getByRole("link", { name: /Stížnost č\./ }).click();
  await expect(page.getByText("O stížnosti nemůže rozhodnout ten")).toBeVisible();
  const other = await (async () => {
    const context = await browser.newContext();
    await answerConsent(context, baseURL!);
    return context.newPage();
  })();
  await signInStaff(other, MODERATOR2, { to: "/admin/moderace/stiznosti" });
  await expect(other.getByTestId("table-complaints")).toBeVisible();
  expect(await violations(other)).toEqual([]);
  await other.goto(page.url());
  expect(await violations(other)).toEqual([]);
  const outcome = other.getByTestId("complaint-decision-form");
  await outcome.getByLabel("Rozhodnutí zrušit a obnovit obsah nebo účet").check();
  await outcome.getByLabel("Odpověď uživateli").fill("Originalitu jsme ověřili, inzerát vracíme.");
  await outcome.getByRole("button", { name: "Rozhodnout o stížnosti" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Uloženo." })).toBeVisible();

  await waitForMail(DEMO.seller.email, new RegExp(`Výsledek vaší stížnosti na rozhodnutí č. ${decisionId}`));
  await seller.reload();
  await expect(seller.getByText("Rozhodnutí bylo na základě vaší stížnosti zrušeno")).toBeVisible();
});
