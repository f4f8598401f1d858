import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { userGroups, users } from "../users/tables.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { passwordResetTokens, sessions } from "./tables.ts";
import { hashToken, newToken } from "./tokens.ts";

const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_used_at is refreshed at most this often, so reading a session is not a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The signed-in user as the server and the spec's clients see it. */
export type AuthUser = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  lastname: string | null;
  avatarFileName: string | null;
  role: "user" | "admin";
  scope: string[];
  locale: string;
  group: { id: number; name: string; discount: number } | null;
  emailConfirmed: boolean;
  adultConfirmed: boolean;
  verified: boolean;
};

export type SessionMeta = { userAgent?: string | null; ip?: string | null };

/**
 * Stores a new password hash and ends what the old password (or an old link) could still open:
 * every outstanding reset link of the user is deleted, so an older link fails as "invalid", and
 * every session except `keepTokenHash` ends. Every path that sets a password goes through here
 * (reset, change in the account), inside the caller's transaction when it has one, so the new
 * password never exists next to a live old link.
 */
export async function storeNewPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  options: { keepTokenHash?: string | null; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.keepTokenHash ? ne(sessions.tokenHash, options.keepTokenHash) : undefined,
      ),
    );
}

export function createAuthService(db: Db) {
  async function loadUser(userId: number): Promise<AuthUser | null> {
    const rows = await db
      .select({ user: users, group: userGroups })
      .from(users)
      .leftJoin(userGroups, eq(userGroups.id, users.groupId))
      .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.blockedAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { user, group } = row;
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      avatarFileName: user.avatarFileName,
      role: user.role as AuthUser["role"],
      scope: (user.scope as string[] | null) ?? [],
      locale: user.locale,
      group: group ? { id: group.id, name: group.name, discount: group.discountPercent } : null,
      emailConfirmed: user.emailConfirmedAt !== null,
      adultConfirmed: user.adultConfirmedAt !== null,
      verified: user.verifiedAt !== null,
    };
  }

  return {
    loadUser,

    /** Checks credentials; returns a new session token, or null for a wrong e-mail, password or a blocked account. */
    async login(
      email: string,
      password: string,
      meta: SessionMeta = {},
    ): Promise<{ token: string; userId: number } | null> {
      const [user] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          blockedAt: users.blockedAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email.trim()})`)
        .limit(1);
      if (!user) {
        await verifyPassword(await dummyPasswordHash(), password);
        return null;
      }
      const ok = await verifyPassword(user.passwordHash, password);
      if (!ok || user.blockedAt || user.deletedAt) return null;
      const { token, hash } = newToken();
      await db.insert(sessions).values({
        userId: user.id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
        lastUsedAt: new Date(),
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        ip: meta.ip?.slice(0, 100) ?? null,
      });
      return { token, userId: user.id };
    },

    /** The user behind a token, or null when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<{ user: AuthUser; tokenHash: string } | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const [session] = await db
        .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      if (!session) return null;
      const user = await loadUser(session.userId);
      if (!user) return null;
      if (!session.lastUsedAt || Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, session.id));
      }
      return { user, tokenHash };
    },

    async logout(tokenHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
