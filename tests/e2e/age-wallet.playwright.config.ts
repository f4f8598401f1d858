import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../browser-setup.ts";

/**
 * The EU test wallet's page alone (ADR 0084), without the Rarita servers the suite's configuration
 * starts: the spec runs its own simulator and callback. The suite's run includes it too.
 *
 *   npx playwright test -c tests/e2e/age-wallet.playwright.config.ts
 */
export default defineConfig({
  testDir: ".",
  testMatch: /age-wallet-page\.spec\.ts$/,
  outputDir: "../../test-results/age-wallet",
  retries: 0,
  workers: 1,
  reporter: "list",
  timeout: 30_000,
  use: { locale: "cs-CZ", launchOptions: CHROMIUM_LAUNCH },
});
