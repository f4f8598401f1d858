import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { type Config, ConfigError } from "#server/config.ts";
import type { MarketplaceSimulator } from "./simulator/server.ts";
import { createStripeMarketplace } from "./stripe.ts";

/**
 * The configured marketplace payments adapter (ADR 0074), for the composition root
 * (server/wiring/base.ts): Stripe on the configured keys and address, or null when no provider is
 * configured (deals are then not paid through the site). The simulator is an address like any
 * other: `startConfiguredSimulator` starts it and answers the configuration pointing at it.
 */
export function createConfiguredMarketplace(config: Pick<Config, "marketplace">): MarketplacePayments | null {
  const marketplace = config.marketplace;
  // The simulator not started (a test's services without a server): no provider.
  if (!marketplace || "simulator" in marketplace) return null;
  return createStripeMarketplace(marketplace);
}

/** The webhook path the deals module serves (the lead's /api/deals/webhooks/{provider}). */
export const STRIPE_WEBHOOK_PATH = "/api/deals/webhooks/stripe";

/**
 * With MARKETPLACE_SIMULATOR=true: starts the simulator (its state in <DATA_DIR>/marketplace-simulator,
 * its webhooks to this server) and answers the configuration that points the Stripe adapter at it.
 * Otherwise the configuration as it was and no simulator.
 */
export async function startConfiguredSimulator(
  config: Config,
): Promise<{ config: Config; simulator: MarketplaceSimulator | null }> {
  const marketplace = config.marketplace;
  if (!marketplace || !("simulator" in marketplace)) return { config, simulator: null };
  const { port, apiKey, webhookSecret } = marketplace.simulator;
  const { startMarketplaceSimulator } = await import("./simulator/server.ts");
  // The server answers its own webhooks on the loopback when it listens on every address.
  const serverHost = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  let simulator: MarketplaceSimulator;
  try {
    simulator = await startMarketplaceSimulator({
      port,
      host: "127.0.0.1",
      dataDir: `${config.dataDir}/marketplace-simulator`,
      apiKey: apiKey,
      webhookSecret,
      webhookUrl: `http://${serverHost.includes(":") ? `[${serverHost}]` : serverHost}:${config.port}${STRIPE_WEBHOOK_PATH}`,
      // No `iban`: the page shows the provider's own account, never the operator's
      // (BANK_ACCOUNT_IBAN): a deal's money goes to the provider, not to Rarita.
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new ConfigError(
        `Invalid MARKETPLACE_SIMULATOR_PORT="${port}": cannot listen on 127.0.0.1:${port} (${code})`,
      );
    throw error;
  }
  return {
    config: { ...config, marketplace: { apiKey, webhookSecret, apiBase: simulator.url } },
    simulator,
  };
}
