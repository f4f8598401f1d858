import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { type Config, ConfigError } from "#server/config.ts";
import type { AgeWalletSimulator } from "./simulator/server.ts";
import { createAgeWallet } from "./wallet.ts";

export type { AgeWalletSimulator } from "./simulator/server.ts";
export { createAgeWallet } from "./wallet.ts";

/**
 * The configured EU age attestation (ADR 0084), for the composition root: the OpenID4VP verifier
 * pointed at the configured wallet and trusting the configured issuers, or null when no wallet is
 * configured (the wallet path is then not offered). The simulator is a wallet like any other:
 * `startConfiguredAgeWalletSimulator` starts it and answers the configuration pointing at it.
 */
export function createConfiguredAgeWallet(config: Pick<Config, "ageWallet">): AgeProofProvider | null {
  const wallet = config.ageWallet;
  // The simulator not started (a test's services without a server): no wallet.
  if (!wallet || "simulator" in wallet) return null;
  return createAgeWallet(wallet);
}

/**
 * With AGE_WALLET_SIMULATOR=true: starts the test wallet and issuer (their keys in
 * <DATA_DIR>/age-wallet-simulator, kept across restarts) and answers the configuration that points
 * the verifier at the wallet's page and trusts the test issuer's key. Otherwise the configuration
 * as it was and no simulator.
 */
export async function startConfiguredAgeWalletSimulator(
  config: Config,
): Promise<{ config: Config; simulator: AgeWalletSimulator | null }> {
  const wallet = config.ageWallet;
  if (!wallet || !("simulator" in wallet)) return { config, simulator: null };
  const { port, clientId } = wallet.simulator;
  const { startAgeWalletSimulator } = await import("./simulator/server.ts");
  let simulator: AgeWalletSimulator;
  try {
    simulator = await startAgeWalletSimulator({
      port,
      host: "127.0.0.1",
      dataDir: `${config.dataDir}/age-wallet-simulator`,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new ConfigError(
        `Invalid AGE_WALLET_SIMULATOR_PORT="${port}": cannot listen on 127.0.0.1:${port} (${code})`,
      );
    throw error;
  }
  return {
    config: {
      ...config,
      ageWallet: { walletUrl: simulator.authorizeUrl, clientId, trustedIssuers: simulator.trustedIssuers },
    },
    simulator,
  };
}
