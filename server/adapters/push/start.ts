import { type Config, ConfigError } from "#server/config.ts";
import type { PushSimulator } from "./simulator.ts";

/**
 * With PUSH_SIMULATOR=true: starts the local push service (ADR 0110) and answers the configuration
 * that accepts its endpoints; otherwise the configuration as it was and no simulator.
 */
export async function startConfiguredPushSimulator(
  config: Config,
): Promise<{ config: Config; simulator: PushSimulator | null }> {
  const wanted = config.push.simulator;
  if (!wanted || !("port" in wanted)) return { config, simulator: null };
  const { startPushSimulator } = await import("./simulator.ts");
  try {
    const simulator = await startPushSimulator({ port: wanted.port });
    return { config: { ...config, push: { ...config.push, simulator: { url: simulator.url } } }, simulator };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new ConfigError(
        `Invalid PUSH_SIMULATOR_PORT="${wanted.port}": cannot listen on 127.0.0.1:${wanted.port} (${code})`,
      );
    throw error;
  }
}
