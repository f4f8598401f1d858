import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * What the deals' browser tests share (the "deals" project of playwright.config.ts, on the deals'
 * own server): its payment provider simulator, the demo runner-up, and a confirmed bid.
 */

/** The deals' server's simulator (playwright.config.ts sets its port). */
export const SIMULATOR = `http://127.0.0.1:${process.env.E2E_DEALS_MARKETPLACE_PORT}`;

/** The demo's unverified seller, the auctions' other bidder. */
export const RIVAL = { email: "novacek@rarita.test", password: "demo-novacek" };

/** Bids `amount` in the live bid box and confirms it. */
export async function bid(page: Page, amount: string) {
  await page.getByTestId("bid-amount").fill(amount);
  await page.getByTestId("bid-submit").click();
  const confirm = page.getByTestId("bid-confirm");
  await confirm.getByTestId("bid-confirm-submit").click();
  await expect(confirm).toBeHidden();
}
