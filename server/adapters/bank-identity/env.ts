import { randomBytes } from "node:crypto";

/**
 * The age check's bank identity from the environment (ADR 0083), read by server/config.ts: the
 * simulator, a real OpenID provider in Bank iD's shape, or none. Its own error, which the
 * configuration turns into the start's one-line message.
 */

export type BankIdentityConfig =
  | { issuer: string; clientId: string; clientSecret: string; allowInsecure?: boolean }
  | { simulator: { port: number; clientId: string; clientSecret: string } }
  | undefined;

/** The variables it reads, as server/config.ts has checked their shapes. */
export type BankIdentityEnv = {
  BANK_ID_SIMULATOR?: "true" | "false";
  BANK_ID_SIMULATOR_PORT: number;
  BANK_ID_ISSUER?: string;
  BANK_ID_CLIENT_ID?: string;
  BANK_ID_CLIENT_SECRET?: string;
  WORKERS?: number;
};

export class BankIdentityEnvError extends Error {}

/** The age check's bank identity from the environment: the simulator, a real provider, or none. */
export function bankIdentityConfig(e: BankIdentityEnv): BankIdentityConfig {
  const real = [e.BANK_ID_ISSUER, e.BANK_ID_CLIENT_ID, e.BANK_ID_CLIENT_SECRET];
  if (e.BANK_ID_SIMULATOR === "true") {
    if ((e.WORKERS ?? 1) > 1)
      throw new BankIdentityEnvError(
        `Invalid WORKERS="${e.WORKERS}": the bank identity simulator (BANK_ID_SIMULATOR=true) runs in one process; set WORKERS=1`,
      );
    if (e.BANK_ID_ISSUER)
      throw new BankIdentityEnvError(
        `Invalid BANK_ID_ISSUER=${JSON.stringify(e.BANK_ID_ISSUER)}: the simulator (BANK_ID_SIMULATOR=true) is the issuer; unset one of them`,
      );
    return {
      simulator: {
        port: e.BANK_ID_SIMULATOR_PORT,
        clientId: e.BANK_ID_CLIENT_ID ?? "rarita",
        clientSecret: e.BANK_ID_CLIENT_SECRET ?? randomBytes(24).toString("hex"),
      },
    };
  }
  if (real.some(Boolean) && !real.every(Boolean))
    throw new BankIdentityEnvError(
      `Invalid BANK_ID_ISSUER="${e.BANK_ID_ISSUER ?? ""}": BANK_ID_ISSUER, BANK_ID_CLIENT_ID and BANK_ID_CLIENT_SECRET must be set together`,
    );
  if (e.BANK_ID_ISSUER && e.BANK_ID_CLIENT_ID && e.BANK_ID_CLIENT_SECRET)
    return { issuer: e.BANK_ID_ISSUER, clientId: e.BANK_ID_CLIENT_ID, clientSecret: e.BANK_ID_CLIENT_SECRET };
  return undefined;
}
