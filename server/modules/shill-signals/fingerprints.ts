import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountFingerprints } from "./tables.ts";

/**
 * The fingerprints a signed-in account is seen with (ADR 0087): the device cookie's random value
 * and the client's IP address, each kept only as an HMAC-SHA-256 under the server's key, so the
 * table never holds an address and two accounts are compared by equal hashes alone. A process
 * writes each (account, device, address) once a day at most; the rest is memory.
 */

export const FINGERPRINT_RETENTION_MONTHS = 12;

/**
 * The key: FINGERPRINT_HMAC_KEY, or one drawn once and kept in the data directory (a single
 * instance; several instances must share the variable, or their hashes would never match).
 */
export function fingerprintKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "fingerprint-hmac-key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process of the same server drew it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}

export function fingerprintHash(key: string, kind: "device" | "ip", value: string): string {
  return createHmac("sha256", key).update(`${kind}:${value}`).digest("hex");
}

const MEMORY_LIMIT = 20_000;

export function createFingerprintRecorder(db: Db, key: string, now: () => Date = () => new Date()) {
  const written = new Map<string, string>();
  return {
    /** Records that the account was seen on this device and from this address (hashed). */
    async seen(userId: number, device: string | null, ip: string | null): Promise<void> {
      const at = now();
      const day = at.toISOString().slice(0, 10);
      const values = [
        ...(device ? [{ kind: "device" as const, hash: fingerprintHash(key, "device", device) }] : []),
        ...(ip && ip !== "unknown" ? [{ kind: "ip" as const, hash: fingerprintHash(key, "ip", ip) }] : []),
      ].filter((value) => written.get(`${userId}:${value.hash}`) !== day);
      if (values.length === 0) return;
      await db
        .insert(accountFingerprints)
        .values(values.map((value) => ({ userId, ...value, firstSeenAt: at, lastSeenAt: at })))
        .onConflictDoUpdate({
          target: [accountFingerprints.userId, accountFingerprints.kind, accountFingerprints.hash],
          set: { lastSeenAt: sql`excluded.last_seen_at` },
        });
      if (written.size > MEMORY_LIMIT) written.clear();
      for (const value of values) written.set(`${userId}:${value.hash}`, day);
    },
  };
}

export type FingerprintRecorder = ReturnType<typeof createFingerprintRecorder>;

/** Erases the fingerprints not seen for 12 months; answers how many. */
export async function eraseOldFingerprints(db: Db, at: Date): Promise<number> {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - FINGERPRINT_RETENTION_MONTHS);
  const gone = await db
    .delete(accountFingerprints)
    .where(lt(accountFingerprints.lastSeenAt, before))
    .returning({ id: accountFingerprints.id });
  return gone.length;
}
