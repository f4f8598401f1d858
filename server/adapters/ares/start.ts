import type { AresRegister } from "#core/contracts/ares.ts";
import { err } from "#core/result.ts";
import { type Config, ConfigError } from "#server/config.ts";
import { createAresAdapter } from "./index.ts";
import type { AresSimulator } from "./simulator/server.ts";

/**
 * The configured register (ADR 0085): ARES at `config.ares.url`. A simulator that was configured
 * but not started (a test's services without a server) answers `unavailable`: nothing is checked
 * against the real register by accident.
 */
export function createConfiguredAres(config: Pick<Config, "ares">): AresRegister {
  if ("simulator" in config.ares) return { lookup: async () => err("unavailable") };
  return createAresAdapter({ baseUrl: config.ares.url });
}

/**
 * With ARES_SIMULATOR=true: starts the simulator and answers the configuration pointing the
 * adapter at it; otherwise the configuration as it was and no simulator.
 */
export async function startConfiguredAresSimulator(
  config: Config,
): Promise<{ config: Config; simulator: AresSimulator | null }> {
  if (!("simulator" in config.ares)) return { config, simulator: null };
  const { port } = config.ares.simulator;
  const { startAresSimulator } = await import("./simulator/server.ts");
  try {
    const simulator = await startAresSimulator({ port });
    return { config: { ...config, ares: { url: simulator.url } }, simulator };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new ConfigError(
        `Invalid ARES_SIMULATOR_PORT="${port}": cannot listen on 127.0.0.1:${port} (${code})`,
      );
    throw error;
  }
}
