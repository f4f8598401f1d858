import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

/**
 * The simulator's keys (ADR 0084): the test issuer's ES256 key (the demo trusts its public half),
 * a second issuer nobody trusts, and one holder key per test wallet (a browser, by its cookie).
 * Kept in `<dataDir>/keys.json` so a restart keeps what the demo's configuration trusts and the
 * holders' thumbprints; without a directory, in memory only.
 */
export type KeyPair = { privateJwk: JWK; publicJwk: JWK };
type KeyFile = { issuer: KeyPair; untrusted: KeyPair; holders: Record<string, KeyPair> };

export type SimulatorKeys = {
  issuer: KeyPair;
  untrusted: KeyPair;
  /** The holder key of a wallet, made at its first use (or anew when asked). */
  holder(walletId: string, renew?: boolean): Promise<KeyPair>;
};

export async function newKeyPair(): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk, "sha256");
  return {
    publicJwk: { ...publicJwk, kid, alg: "ES256", use: "sig" },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" },
  };
}

export function newWalletId(): string {
  return randomBytes(16).toString("base64url");
}

function readKeyFile(file: string | undefined): KeyFile | null {
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, "utf8")) as KeyFile;
}

function writeKeyFile(file: string | undefined, keys: KeyFile): void {
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  // Private keys: readable by this user only.
  fs.writeFileSync(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

export async function openKeys(dataDir: string | undefined): Promise<SimulatorKeys> {
  const file = dataDir ? path.join(dataDir, "keys.json") : undefined;
  const stored = readKeyFile(file);
  const keys: KeyFile = stored ?? {
    issuer: await newKeyPair(),
    untrusted: await newKeyPair(),
    holders: {},
  };
  if (!stored) writeKeyFile(file, keys);
  return {
    issuer: keys.issuer,
    untrusted: keys.untrusted,
    async holder(walletId, renew = false) {
      const known = keys.holders[walletId];
      if (known && !renew) return known;
      const made = await newKeyPair();
      keys.holders[walletId] = made;
      writeKeyFile(file, keys);
      return made;
    },
  };
}
