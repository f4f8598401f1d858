import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApi, type Faults } from "./api.ts";
import { createControl } from "./control.ts";
import { createModel } from "./model.ts";
import { createPages } from "./pages.ts";
import { openStore } from "./store.ts";
import { createWebhooks, DEFAULT_RETRY_DELAYS_MS } from "./webhooks.ts";

/**
 * The local payment provider (ADR 0074): a standalone HTTP server speaking the subset of Stripe's
 * API the Stripe adapter uses, with the provider's pages (Checkout, onboarding), signed webhooks
 * and control endpoints for tests. The demo (`npm start`) and the browser tests run the real
 * adapter and the real `stripe` SDK against it, so nothing but the provider's address differs
 * from a real site.
 */
export type MarketplaceSimulatorOptions = {
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Where its state is kept across restarts; without it, in memory only. */
  dataDir?: string;
  /** The secret key the API accepts (`sk_test_…`). */
  apiKey: string;
  /** Signs the webhooks (`whsec_…`). */
  webhookSecret: string;
  /** Where webhooks go; without it, events are only stored. */
  webhookUrl?: string;
  /** The account the bank-transfer page shows (the provider's account in real life). */
  iban?: string;
  /** Delays between webhook attempts; a test shortens them. */
  webhookRetryDelaysMs?: number[];
};

export type MarketplaceSimulator = { url: string; stop(): Promise<void> };

/** A valid Czech IBAN for the bank-transfer page (ČNB's documentation example). */
const DEFAULT_IBAN = "CZ6508000000192000145399";
const API_VERSION = "2026-10-28.endive";

export async function startMarketplaceSimulator(
  options: MarketplaceSimulatorOptions,
): Promise<MarketplaceSimulator> {
  const host = options.host ?? "127.0.0.1";
  const store = openStore(options.dataDir);
  let url = "";
  const webhooks = createWebhooks({
    store,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    apiVersion: API_VERSION,
  });
  const model = createModel({ store, webhooks, baseUrl: () => url });
  const faults: Faults = { failures: [], delay: { ms: 0, path: "" } };

  const app = new Hono();
  app.route("/_simulator", createControl({ model, store, webhooks, faults }));
  app.route("/", createPages({ model, store, iban: options.iban ?? DEFAULT_IBAN }));
  app.route("/", createApi({ model, store, apiKey: options.apiKey, faults }));

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(started));
    started.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  // The pages' links are followed by a browser on this machine: a wildcard address is not one.
  const shownHost =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  url = `http://${shownHost}:${port}`;
  webhooks.resume();
  return {
    url,
    async stop() {
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server)
          (server as { closeAllConnections(): void }).closeAllConnections();
      });
    },
  };
}
