import type { Config } from "./config.ts";

/**
 * The local simulators of the outside services (docs/product/trust.md; ADRs 0074, 0083, 0084,
 * 0085): the deals' payment provider, ARES, the bank identity and the EU age wallet, each started
 * when the configuration asks for it (the demo and the browser tests), before the server, since
 * each adapter is built on its simulator's address. One that cannot start stops the ones started.
 */

type Started = { name: string; url: string; stop(): Promise<void> };
type Starter = (
  config: Config,
) => Promise<{ config: Config; simulator: { url: string; stop(): Promise<void> } | null }>;

/** In the welcome's words: what each simulator stands in for. */
const STARTERS: { name: string; start: () => Promise<Starter> }[] = [
  {
    name: "Platební simulátor (marketplace)",
    start: async () => (await import("./adapters/marketplace/index.ts")).startConfiguredSimulator,
  },
  {
    name: "Simulátor ARES (obchodníci)",
    start: async () => (await import("./adapters/ares/start.ts")).startConfiguredAresSimulator,
  },
  {
    name: "Simulátor bankovní identity (ověření věku)",
    start: async () => {
      const { startConfiguredBankIdentitySimulator } = await import("./adapters/bank-identity/index.ts");
      return async (config) => {
        const { config: next, simulator } = await startConfiguredBankIdentitySimulator(config);
        return { config: next, simulator: simulator && { url: simulator.issuer, stop: simulator.stop } };
      };
    },
  },
  {
    name: "Testovací peněženka EU (ověření věku)",
    start: async () => (await import("./adapters/age-wallet/index.ts")).startConfiguredAgeWalletSimulator,
  },
  {
    name: "Simulátor push služby (web push)",
    start: async () => (await import("./adapters/push/start.ts")).startConfiguredPushSimulator,
  },
];

export type RunningSimulators = {
  /** The configuration pointing every adapter at its simulator. */
  config: Config;
  /** The welcome's lines: each simulator's name and address. */
  lines: string[];
  stop(): Promise<void>;
};

export async function startSimulators(config: Config): Promise<RunningSimulators> {
  const started: Started[] = [];
  const stop = async () => {
    await Promise.all(started.map((simulator) => simulator.stop()));
  };
  let current = config;
  try {
    for (const { name, start } of STARTERS) {
      const answer = await (await start())(current);
      current = answer.config;
      if (answer.simulator) started.push({ name, ...answer.simulator });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { config: current, lines: started.map(({ name, url }) => `${name}: ${url}`), stop };
}
