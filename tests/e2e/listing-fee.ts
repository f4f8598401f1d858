import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Pays a submitted listing's insertion fee at the test gateway from "Vaše aukce" and waits until
 * the listing is live; its row in that list.
 */
export async function payInsertionFeeUntilLive(page: Page, name: string): Promise<Locator> {
  await page.goto("/ucet/vase-aukce");
  const row = page.getByTestId("my-listing").filter({ hasText: name });
  await row.getByTestId("my-listing-pay").click();
  await page.getByTestId("pay-card-submit").click();
  await page.getByTestId("test-gateway-pay").click();
  await expect(page.getByTestId("order-status")).toHaveText("Zaplaceno");
  await page.goto("/ucet/vase-aukce");
  await expect(row).toHaveAttribute("data-status", "active");
  return row;
}
