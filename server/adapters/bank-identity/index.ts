import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import { localePath } from "#core/i18n/paths.ts";
import { type Config, ConfigError } from "#server/config.ts";
import { createBankIdentityProvider } from "./oidc.ts";
import type { BankIdentitySimulator } from "./simulator/server.ts";

export { createBankIdentityProvider, isAdultOn } from "./oidc.ts";

/**
 * Where the bank identity sends the browser back (one address for both languages: a provider
 * registers its relying party's callback exactly). The age-check page of that path finishes the
 * attempt it names by its `state`.
 */
export const AGE_CHECK_CALLBACK_PATH = localePath("ageCheckReturn", "cs");

/**
 * The configured bank identity as the age check's provider (ADR 0083), or null when none is
 * configured. The simulator is an issuer like any other: `startConfiguredBankIdentitySimulator`
 * starts it and answers the configuration pointing at it.
 */
export function createConfiguredBankIdentity(config: Pick<Config, "bankIdentity">): AgeProofProvider | null {
  const bank = config.bankIdentity;
  if (!bank || "simulator" in bank) return null;
  return createBankIdentityProvider({
    issuer: bank.issuer,
    clientId: bank.clientId,
    clientSecret: bank.clientSecret,
    allowInsecure: bank.allowInsecure,
  });
}

/**
 * With BANK_ID_SIMULATOR=true: starts the simulator (its keys in <DATA_DIR>/bank-identity-simulator,
 * this server's callback its one registered address) and answers the configuration pointing the
 * adapter at it, plain http allowed for its address only. Otherwise the configuration as it was.
 */
export async function startConfiguredBankIdentitySimulator(
  config: Config,
): Promise<{ config: Config; simulator: BankIdentitySimulator | null }> {
  const bank = config.bankIdentity;
  if (!bank || !("simulator" in bank)) return { config, simulator: null };
  const { port, clientId, clientSecret } = bank.simulator;
  const { startBankIdentitySimulator } = await import("./simulator/server.ts");
  let simulator: BankIdentitySimulator;
  try {
    simulator = await startBankIdentitySimulator({
      port,
      host: "127.0.0.1",
      dataDir: `${config.dataDir}/bank-identity-simulator`,
      clientId,
      clientSecret,
      redirectUris: [`${config.publicUrl}${AGE_CHECK_CALLBACK_PATH}`],
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new ConfigError(
        `Invalid BANK_ID_SIMULATOR_PORT="${port}": cannot listen on 127.0.0.1:${port} (${code})`,
      );
    throw error;
  }
  return {
    config: {
      ...config,
      bankIdentity: { issuer: simulator.issuer, clientId, clientSecret, allowInsecure: true },
    },
    simulator,
  };
}
