import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createConfiguredMarketplace, startConfiguredSimulator } from "./index.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-marketplace-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the configured payment provider", () => {
  it("is none without configuration, Stripe with keys, and the simulator once started", async () => {
    expect(createConfiguredMarketplace(loadConfig({}))).toBeNull();
    const stripe = createConfiguredMarketplace(
      loadConfig({ STRIPE_SECRET_KEY: "sk_test_123456789", STRIPE_WEBHOOK_SECRET: "whsec_123456789" }),
    );
    expect(stripe?.provider).toBe("stripe");

    const config = loadConfig({ MARKETPLACE_SIMULATOR: "true", DATA_DIR: dataDir, PORT: "3999" });
    // Not started yet (a test's services without a server): no provider.
    expect(createConfiguredMarketplace(config)).toBeNull();
    const started = await startConfiguredSimulator(config);
    try {
      expect(started.simulator?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.config.marketplace).toEqual({
        apiKey: expect.stringMatching(/^sk_test_/),
        webhookSecret: expect.stringMatching(/^whsec_/),
        apiBase: started.simulator?.url,
      });
      const market = createConfiguredMarketplace(started.config);
      expect(await market?.balance()).toEqual({ availableMinor: 0, pendingMinor: 0 });
      await market?.createSellerAccount({ reference: "user:1", email: "a@example.cz" }, "seller:1");
      // Its state lives in the data directory.
      const state = JSON.parse(
        fs.readFileSync(path.join(dataDir, "marketplace-simulator", "state.json"), "utf8"),
      ) as { accounts: Record<string, unknown> };
      expect(Object.keys(state.accounts)).toHaveLength(1);
    } finally {
      await started.simulator?.stop();
    }
    // Without the simulator asked for, nothing starts and the configuration is unchanged.
    const plain = loadConfig({});
    expect(await startConfiguredSimulator(plain)).toEqual({ config: plain, simulator: null });
  });
});
