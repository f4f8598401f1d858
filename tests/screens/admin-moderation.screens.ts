/**
 * Screenshots of moderation (not part of the test suite): the public report page (375, 768, 1280
 * px), the queue, a report's review, a decision, the complaints, an account's restriction page and
 * the affected user's statement (768 and 1280 px). Run against a running server with the demo data:
 *
 *   SCREENS_URL=http://localhost:3309 node tests/screens/admin-moderation.screens.ts
 *
 * It files a report as the demo buyer and, at the first width, the moderator removes the listing,
 * the seller complains. PNGs go to /tmp/screens/moderation-<page>-<width>.png.
 */
import fs from "node:fs";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { demoTotp, totpCode } from "../e2e/staff.ts";
import { answeredContext, launchScreensBrowser, logIn, signedIn } from "./browser.ts";

const BASE = process.env.SCREENS_URL ?? "http://localhost:3309";
const OUT = "/tmp/screens";
const EMAIL = "moderator@rarita.test";
const SELLER = { email: "prodejce@rarita.test", password: "demo-prodejce" };
const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const staff = DEMO_STAFF.find((member) => member.email === EMAIL)!;

async function api(path: string, token: string, body?: unknown) {
  const response = await fetch(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      accept: "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

async function token(account: { email: string; password: string }) {
  const response = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as { token: string }).token;
}

fs.mkdirSync(OUT, { recursive: true });
const sellerToken = await token(SELLER);
const mine = await api("/api/me/advertisements?filter=active", sellerToken);
const listingId = (mine.data as { id: number }[])[0].id;
const report = await api("/api/reports", await token(BUYER), {
  target: "listing",
  targetId: listingId,
  reason: "counterfeit",
  explanation: "Etiketa vypadá jako padělek, chybí kolek.",
});
const browser = await launchScreensBrowser();
try {
  for (const width of [375, 768, 1280]) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await page.goto(`${BASE}/nahlasit?kind=listing&id=${listingId}`);
    await page.screenshot({ path: `${OUT}/moderation-report-${width}.png`, fullPage: true });
    await context.close();
  }
  let decisionId = 0;
  for (const [index, width] of [768, 1280].entries()) {
    const context = await answeredContext(browser, BASE, width);
    const page = await context.newPage();
    await logIn(page, BASE, staff, "/admin/moderace");
    await page.waitForURL(/\/admin\/overeni/);
    await page.locator('input[name="code"]').fill(totpCode(demoTotp(EMAIL), index));
    await page.locator('[data-testid="second-factor-form"] button[type="submit"]').click();
    await page.waitForURL(`${BASE}/admin/moderace`);
    await page.screenshot({ path: `${OUT}/moderation-queue-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/moderace/hlaseni/${report.id}`);
    await page.screenshot({ path: `${OUT}/moderation-report-detail-${width}.png`, fullPage: true });
    if (index === 0) {
      const form = page.getByTestId("decision-form");
      await form.getByLabel("Opatření").selectOption("remove_listing");
      await form.getByLabel("Skutečnosti").fill("Na fotografiích je padělaná etiketa.");
      await form.getByLabel("Důvody").fill("Padělky obchodní podmínky zakazují.");
      await form.getByLabel("Pravidlo obchodních podmínek").selectOption("counterfeits");
      await form.getByRole("button", { name: "Rozhodnout" }).click();
      await page.waitForURL(/\/admin\/moderace\/rozhodnuti\/\d+$/);
      decisionId = Number(page.url().match(/(\d+)$/)?.[1]);
      const seller = await signedIn(browser, BASE, width, SELLER);
      await seller.page.goto(`${BASE}/ucet/rozhodnuti/${decisionId}`);
      await seller.page.getByLabel("Stížnost").fill("Láhev je pravá, mám doklad.");
      await seller.page.getByRole("button", { name: "Podat stížnost" }).click();
      await seller.page.getByTestId("complaint-sent").waitFor();
      await seller.context.close();
    }
    await page.goto(`${BASE}/admin/moderace/rozhodnuti/${decisionId}`);
    await page.screenshot({ path: `${OUT}/moderation-decision-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/moderace/rozhodnuti`);
    await page.screenshot({ path: `${OUT}/moderation-decisions-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/moderace/stiznosti`);
    await page.screenshot({ path: `${OUT}/moderation-complaints-${width}.png`, fullPage: true });
    await page
      .getByRole("link", { name: /Stížnost č\./ })
      .first()
      .click();
    await page.screenshot({ path: `${OUT}/moderation-complaint-${width}.png`, fullPage: true });
    await page.goto(`${BASE}/admin/moderace/inzeraty/${listingId}`);
    await page.screenshot({ path: `${OUT}/moderation-listing-${width}.png`, fullPage: true });
    // Restricting an account from the users back office (no report).
    await page.goto(`${BASE}/admin/uzivatele?q=novacek`);
    await page.getByTestId("table-users").getByRole("link", { name: "novacek.brno" }).click();
    await page.getByRole("link", { name: "Omezit účet s odůvodněním (moderace)" }).click();
    await page.waitForURL(/\/admin\/moderace\/uzivatel\/\d+$/);
    await page.screenshot({ path: `${OUT}/moderation-user-${width}.png`, fullPage: true });
    const seller = await signedIn(browser, BASE, width, SELLER);
    await seller.page.goto(`${BASE}/ucet/rozhodnuti/${decisionId}`);
    await seller.page.screenshot({ path: `${OUT}/moderation-statement-${width}.png`, fullPage: true });
    await seller.context.close();
    await context.close();
  }
} finally {
  await browser.close();
}
