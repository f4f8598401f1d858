/**
 * Screenshots of the operator's side of disputes and strikes (issue 35, items 6, 7 and 9) at 375,
 * 768 and 1280 px in Czech and English (not part of the test suite): the buyer's dispute with
 * photos, the disputes' queue, the operator's dispute page with the photos, the decided dispute
 * with the appeal, the buyers' strikes with the review form, the buyer's review page, and the
 * appeals. Needs a server with the demo data, the provider simulator and the diagnostics:
 *
 *   E2E_PORT=3760 node scripts/e2e-server.ts
 *   SCREENS_URL=http://localhost:3760 OUT=/tmp/h-support-screens node tests/screens/deals-support.screens.ts
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { DEALS } from "../../server/db/seed/settings-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn, postDiagnostics, signedIn } from "./browser.ts";
import { putSetting } from "./settings.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3760";
const OUT = process.env.OUT ?? "/tmp/screens";
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const SELLER = { email: "prodejce@rarita.test", password: "demo-prodejce" };
const LATE = { email: "sberatel3@rarita.test", password: "demo-sberatel" };
const WIDTHS = [375, 768, 1280];
// Each run its own items: a rerun against the same server finds its own deals.
const RUN = Date.now().toString(36).slice(-4);

async function shoot(page: Page, what: string, csPath: string, enPath: string) {
  for (const [lang, path] of [
    ["cs", csPath],
    ["en", enPath],
  ] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${BASE}${path}`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${OUT}/${what}-${lang}-${width}.png`, fullPage: true });
    }
  }
}

/** A photo of a bottle's neck: a dark glass on a light table, with the seal in red. */
const photo = (hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${hue},25%,82%)"/><rect x="480" y="120" width="240" height="700" rx="60" fill="#3b2a1a"/><rect x="540" y="60" width="120" height="140" fill="#a3201c"/><path d="M560 80 L600 190 L640 90" stroke="#f4e3c0" stroke-width="8" fill="none"/></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

async function staff(browser: import("@playwright/test").Browser, email: string, password: string) {
  const page = await (await answeredContext(browser, BASE, 1280)).newPage();
  await logIn(page, BASE, { email, password }, "/admin");
  await page.waitForURL(/\/admin\/overeni/);
  await page.locator('input[name="code"]').fill(totpCode(demoTotp(email)));
  await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
  await page.waitForURL(`${BASE}/admin`);
  return page;
}

async function win(buyer: Page, name: string) {
  const auction = await postDiagnostics(BASE, "/__diagnostics/auction", {
    sellerEmail: SELLER.email,
    startPriceMinor: 1_250_000,
    endsInSeconds: 600,
    name,
    delivery: [{ carrier: "zasilkovna", priceMinor: 8_900 }],
  });
  await buyer.goto(`${BASE}${auction.url}`);
  await buyer.getByTestId("auction-live").and(buyer.locator("[data-state=open]")).waitFor();
  await buyer.getByTestId("bid-amount").fill("12500");
  await buyer.getByTestId("bid-submit").click();
  await buyer.getByTestId("bid-confirm-submit").click();
  await buyer.getByTestId("bid-confirm").waitFor({ state: "hidden" });
  await postDiagnostics(BASE, `/__diagnostics/auction/${auction.id}`, { endsInSeconds: 1 });
  for (let i = 0; i < 60; i++) {
    await buyer.goto(`${BASE}/ucet/nakupy`);
    const row = buyer.getByTestId("deal-list").locator("li").filter({ hasText: name });
    if (await row.count())
      return (await row.getByRole("link").first().getAttribute("href"))!.split("/").pop()!;
    await buyer.waitForTimeout(1000);
  }
  throw new Error("no deal");
}

fs.mkdirSync(OUT, { recursive: true });
await putSetting(BASE, "deals", { ...DEALS, enabled: true });
const browser = await launchScreensBrowser();
try {
  const buyer = (await signedIn(browser, BASE, 1280, BUYER)).page;
  const seller = (await signedIn(browser, BASE, 1280, SELLER)).page;
  const id = await win(buyer, `Caroni 1996, 23 let, 60,5 % (${RUN})`);
  const deal = (lang: "cs" | "en") => (lang === "cs" ? `/ucet/obchody/${id}` : `/en/account/deals/${id}`);
  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByRole("button", { name: "Pokračovat k platbě" }).click();
  await buyer.getByRole("button", { name: "Zaplatit" }).click();
  await buyer.getByTestId("deal-status").waitFor();
  await seller.goto(`${BASE}${deal("cs")}`);
  await seller.getByLabel("Číslo zásilky").fill("Z 4401 2277 18");
  await seller.getByRole("button", { name: "Označit jako odeslané" }).click();
  await seller.getByTestId("deal-status").filter({ hasText: "Odesláno" }).waitFor();
  await shoot(buyer, "dispute-form", deal("cs"), deal("en"));

  const open = buyer.getByTestId("dispute-open");
  await buyer.goto(`${BASE}${deal("cs")}`);
  await open.getByLabel("Důvod").selectOption({ label: "Poškozené nebo vyteklé" });
  await open
    .getByLabel("Co se stalo")
    .fill("Pečeť je prasklá a část rumu vytekla do krabice. Fotografie přikládám.");
  await open.getByLabel(/^Fotografie/).setInputFiles([
    { name: "pecet.jpg", mimeType: "image/jpeg", buffer: await photo(30) },
    { name: "krabice.jpg", mimeType: "image/jpeg", buffer: await photo(200) },
  ]);
  await open.getByRole("button", { name: "Otevřít spor" }).click();
  await buyer.getByTestId("deal-status").filter({ hasText: "Ve sporu" }).waitFor();
  await seller.goto(`${BASE}${deal("cs")}`);
  await seller.getByLabel("Napsat do sporu").fill("Láhev jsem balil do bublinkové fólie, takhle odcházela.");
  await seller
    .getByLabel(/^Fotografie/)
    .setInputFiles([{ name: "baleni.jpg", mimeType: "image/jpeg", buffer: await photo(120) }]);
  await seller.getByRole("button", { name: "Odeslat" }).click();
  await seller.getByTestId("dispute").getByRole("img").nth(2).waitFor();
  await shoot(buyer, "dispute-photos", deal("cs"), deal("en"));

  await fetch(`${BASE}/__diagnostics/dispute/${id}`, { method: "POST" });
  await buyer.goto(`${BASE}${deal("cs")}`);
  await buyer.getByRole("button", { name: "Předat provozovateli" }).click();
  await buyer.getByTestId("dispute").and(buyer.locator("[data-status=escalated]")).waitFor();

  const admin = await staff(browser, "admin@rarita.test", "demo-spravce");
  await shoot(admin, "admin-disputes", "/admin/obchody/spory", "/en/admin/deals/disputes");
  await shoot(admin, "admin-dispute", `/admin/obchody/${id}/spor`, `/en/admin/deals/${id}/dispute`);
  await admin.goto(`${BASE}/admin/obchody/${id}/spor`);
  const decide = admin.getByTestId("dispute-decide");
  await decide.getByLabel("Vrátit kupujícímu (Kč)").fill("3000");
  await decide.getByLabel("Zjištěné skutečnosti").fill("Fotografie ukazují prasklou pečeť a vyteklý obsah.");
  await decide
    .getByLabel("Odůvodnění (podmínky, zákon)")
    .fill("Podmínky, Poctivé obchodování: zboží má dorazit, jak bylo popsáno.");
  await decide.getByRole("button", { name: "Rozhodnout" }).click();
  await admin.getByTestId("admin-dispute").and(admin.locator("[data-status=resolved]")).waitFor();
  await shoot(seller, "dispute-decided", deal("cs"), deal("en"));
  await seller.goto(`${BASE}${deal("cs")}`);
  await seller
    .getByLabel("Proč by se mělo rozhodnutí změnit")
    .fill("Láhev odcházela celá; poškození vzniklo u dopravce.");
  await seller.getByRole("button", { name: "Odvolat se" }).click();
  await seller.getByTestId("appeals").waitFor();
  await shoot(seller, "dispute-appealed", deal("cs"), deal("en"));

  const late = (await signedIn(browser, BASE, 1280, LATE)).page;
  for (const name of [`Hampden 2010, 12 let (${RUN})`, `Worthy Park 2007, 15 let (${RUN})`]) {
    const dealId = await win(late, name);
    await fetch(`${BASE}/__diagnostics/strike/${dealId}`, { method: "POST" });
  }
  const support = await staff(browser, "support@rarita.test", "demo-podpora");
  await shoot(support, "admin-strikes", "/admin/obchody/prohresky", "/en/admin/deals/strikes");
  await support.goto(`${BASE}/admin/obchody/prohresky`);
  const review = support
    .getByTestId("strike-row")
    .filter({ hasText: LATE.email })
    .getByTestId("strike-review");
  await review.getByLabel("Ponechat pozastavení").check();
  await review
    .getByLabel("Zjištěné skutečnosti")
    .fill("Obě vydražené láhve zůstaly nezaplacené bez vysvětlení.");
  await review
    .getByLabel("Odůvodnění (podmínky, zákon)")
    .fill("Obchodní podmínky, Poctivé obchodování: vydražená položka se musí zaplatit.");
  await review.getByRole("button", { name: "Uložit a oznámit kupujícímu" }).click();
  const reviewed = support
    .getByTestId("strike-row")
    .filter({ hasText: LATE.email })
    .getByTestId("strike-last-review");
  const reviewId = await reviewed.getAttribute("data-review-id");
  await shoot(support, "admin-strikes-reviewed", "/admin/obchody/prohresky", "/en/admin/deals/strikes");
  await shoot(
    late,
    "strike-review",
    `/ucet/obchody/posouzeni/${reviewId}`,
    `/en/account/deals/reviews/${reviewId}`,
  );
  await late.goto(`${BASE}/ucet/obchody/posouzeni/${reviewId}`);
  await late
    .getByLabel("Proč by se mělo rozhodnutí změnit")
    .fill("V obou lhůtách jsem byl v nemocnici, zprávu přikládám.");
  await late.getByRole("button", { name: "Odvolat se" }).click();
  await late.getByTestId("appeals").waitFor();
  await shoot(support, "admin-appeals", "/admin/obchody/odvolani", "/en/admin/deals/appeals");
  await shoot(admin, "admin-dashboard", "/admin", "/en/admin");
} finally {
  await browser.close();
}
