import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { sessions } from "./tables.ts";

/**
 * The user's sessions in the data export, without their token hashes. Deleting the account ends
 * every session and forgets where they came from (address, browser); the rows stay, revoked.
 */
export function createAuthPersonalData(db: Db): PersonalDataSource {
  return {
    name: "auth",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.id));
      return { sessions: rows };
    },
    async eraseFor(tx, { userId, at }) {
      await tx
        .update(sessions)
        .set({
          revokedAt: sql`coalesce(${sessions.revokedAt}, ${at.toISOString()}::timestamptz)`,
          ip: null,
          userAgent: null,
        })
        .where(eq(sessions.userId, userId));
      return undefined;
    },
  };
}
