import fs from "node:fs";
import type { JWK } from "jose";
import { z } from "zod";

/**
 * The EU age attestation's part of the environment (ADR 0084), read by server/config.ts: the
 * local simulator (AGE_WALLET_SIMULATOR=true, on AGE_WALLET_SIMULATOR_PORT, 0 = a free one), or a
 * real wallet at AGE_WALLET_URL with the issuers trusted in AGE_WALLET_TRUSTED_ISSUERS (a JWKS as
 * JSON, or the path of a file holding one); AGE_WALLET_CLIENT_ID is a client id the wallet knows
 * the site by, else `redirect_uri:` and the callback address. Unset: no wallet path.
 */
export const AGE_WALLET_ENV = {
  AGE_WALLET_SIMULATOR: z.enum(["true", "false"]).optional(),
  AGE_WALLET_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  AGE_WALLET_URL: z
    .string()
    .refine((value) => {
      try {
        return !["javascript:", "data:", "file:", "blob:", "vbscript:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, "must be the wallet's authorization endpoint (https://… or openid4vp://…)")
    .optional(),
  AGE_WALLET_CLIENT_ID: z.string().min(1).max(500).optional(),
  AGE_WALLET_TRUSTED_ISSUERS: z.string().min(1).optional(),
};

export type AgeWalletEnv = {
  AGE_WALLET_SIMULATOR?: "true" | "false";
  AGE_WALLET_SIMULATOR_PORT: number;
  AGE_WALLET_URL?: string;
  AGE_WALLET_CLIENT_ID?: string;
  AGE_WALLET_TRUSTED_ISSUERS?: string;
  WORKERS?: number;
};

export type AgeWalletConfig =
  | { walletUrl: string; clientId: string | undefined; trustedIssuers: JWK[] }
  | { simulator: { port: number; clientId: string | undefined } }
  | undefined;

/** A configuration mistake, as the one line the start prints (server/config.ts's ConfigError). */
export class AgeWalletEnvError extends Error {}

/** The trusted issuers' public keys from a JWKS (JSON, or a file's path). Throws a one-line reason. */
export function parseTrustedIssuers(value: string): JWK[] {
  let text = value;
  if (!value.trimStart().startsWith("{")) {
    try {
      text = fs.readFileSync(value, "utf8");
    } catch (error) {
      throw new Error(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("is not a JWKS: not JSON");
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('is not a JWKS: no "keys"');
  for (const key of keys) {
    if (!key || typeof key !== "object" || typeof (key as JWK).kty !== "string")
      throw new Error("is not a JWKS: a key without kty");
    if ("d" in key || "k" in key) throw new Error("holds a private or secret key: trust public keys only");
  }
  return keys as JWK[];
}

export function ageWalletConfig(e: AgeWalletEnv): AgeWalletConfig {
  const clientId = e.AGE_WALLET_CLIENT_ID;
  if (e.AGE_WALLET_SIMULATOR === "true") {
    if ((e.WORKERS ?? 1) > 1)
      throw new AgeWalletEnvError(
        `Invalid WORKERS="${e.WORKERS}": the EU wallet simulator (AGE_WALLET_SIMULATOR=true) runs in one process; set WORKERS=1`,
      );
    const clash = e.AGE_WALLET_URL
      ? "AGE_WALLET_URL"
      : e.AGE_WALLET_TRUSTED_ISSUERS
        ? "AGE_WALLET_TRUSTED_ISSUERS"
        : null;
    if (clash)
      throw new AgeWalletEnvError(
        `Invalid ${clash}=${JSON.stringify(e[clash])}: the simulator (AGE_WALLET_SIMULATOR=true) is the wallet and its issuer; unset one of them`,
      );
    return { simulator: { port: e.AGE_WALLET_SIMULATOR_PORT, clientId } };
  }
  if (!e.AGE_WALLET_URL) {
    const stray = e.AGE_WALLET_TRUSTED_ISSUERS
      ? "AGE_WALLET_TRUSTED_ISSUERS"
      : clientId
        ? "AGE_WALLET_CLIENT_ID"
        : null;
    if (stray)
      throw new AgeWalletEnvError(
        `Invalid AGE_WALLET_URL="": ${stray} needs the wallet's address (AGE_WALLET_URL)`,
      );
    return undefined;
  }
  if (!e.AGE_WALLET_TRUSTED_ISSUERS)
    throw new AgeWalletEnvError(
      `Invalid AGE_WALLET_TRUSTED_ISSUERS="": a wallet (AGE_WALLET_URL) needs the issuers to trust (a JWKS or its file)`,
    );
  let trustedIssuers: JWK[];
  try {
    trustedIssuers = parseTrustedIssuers(e.AGE_WALLET_TRUSTED_ISSUERS);
  } catch (error) {
    throw new AgeWalletEnvError(
      `Invalid AGE_WALLET_TRUSTED_ISSUERS=${JSON.stringify(e.AGE_WALLET_TRUSTED_ISSUERS)}: ${(error as Error).message}`,
    );
  }
  return { walletUrl: e.AGE_WALLET_URL, clientId, trustedIssuers };
}
