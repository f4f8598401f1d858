import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type DeviceSummary, summarizeUserAgent } from "#core/formats/user-agent.ts";
import type { Db } from "#server/db/client.ts";
import { sessions } from "./tables.ts";

/** One signed-in device as the account page and GET /api/me/sessions show it. */
export type SessionEntry = {
  id: number;
  device: DeviceSummary;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The session this request came with. */
  current: boolean;
};

/**
 * The user's own sessions (issue 5: "all sessions listed on the account page and revocable").
 * Every query is bound to the user id, so a session id of another account is simply not found:
 * the API answers 404 and nothing changes. Revoking sets revoked_at; the token stops working on
 * its next request (the session middleware reads only unrevoked sessions).
 */
export function createSessionsService(db: Db, now: () => Date = () => new Date()) {
  const live = (userId: number) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now()));

  return {
    /** Live sessions, the current one first, then by last use. */
    async list(userId: number, currentTokenHash: string | null): Promise<SessionEntry[]> {
      const rows = await db
        .select({
          id: sessions.id,
          tokenHash: sessions.tokenHash,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(live(userId))
        .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id));
      return rows
        .map((row) => ({
          id: row.id,
          device: summarizeUserAgent(row.userAgent),
          ip: row.ip,
          createdAt: row.createdAt,
          lastUsedAt: row.lastUsedAt,
          current: currentTokenHash !== null && row.tokenHash === currentTokenHash,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Ends one of the user's own live sessions; false when there is none with this id (another user's, ended). */
    async revoke(userId: number, sessionId: number): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), live(userId)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /**
     * Ends every session of the user but `keepTokenHash` (a new password: whoever knew the old one
     * is out), inside the caller's transaction.
     */
    async endAll(tx: Db, userId: number, options: { keepTokenHash: string | null; at: Date }): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: options.at })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            options.keepTokenHash ? ne(sessions.tokenHash, options.keepTokenHash) : undefined,
          ),
        );
    },

    /** Ends every live session of the user except the current one; returns how many ended. */
    async revokeOthers(userId: number, currentTokenHash: string | null): Promise<number> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(live(userId), currentTokenHash ? ne(sessions.tokenHash, currentTokenHash) : undefined))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
