import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { putSetting } from "./settings.ts";

/**
 * What the deals' browser tests share (the "deals" project of playwright.config.ts, on the deals'
 * own server): its payment provider simulator, the demo runner-up, and a confirmed bid.
 */

/** The deals' server's simulator (playwright.config.ts sets its port). */
export const SIMULATOR = `http://127.0.0.1:${process.env.E2E_DEALS_MARKETPLACE_PORT}`;

/** The demo's unverified seller, the auctions' other bidder. */
export const RIVAL = { email: "novacek@rarita.test", password: "demo-novacek" };

/**
 * Insertion fees off on the deals' server, so a listing added through the form goes live at once
 * (deal-terms.spec.ts, deals-buy.spec.ts). The specs run in parallel on the one server
 * (playwright.config.ts, `fullyParallel`), so none puts the fees back: a spec restoring what it
 * read could switch them on under another that is still adding its listing, or restore the zero
 * another had written. Every caller writes the same value and nothing else on this server reads the
 * insertion fees, so the write is idempotent and the order of the specs does not matter. The
 * server is new for every run (scripts/e2e-server.ts): nothing outlives it.
 */
export async function freeInsertion(request: APIRequestContext) {
  await putSetting(request, "fees", (value) => ({
    ...(value as object),
    insertionMinor: { auction: { week: 0, month: 0 }, classified: 0, demand: 0 },
  }));
}

/** Bids `amount` in the live bid box and confirms it. */
export async function bid(page: Page, amount: string) {
  await page.getByTestId("bid-amount").fill(amount);
  await page.getByTestId("bid-submit").click();
  const confirm = page.getByTestId("bid-confirm");
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(confirm).toBeHidden();
}
