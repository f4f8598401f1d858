import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { UserRole } from "#core/rules/staff.ts";
import type { Db } from "#server/db/client.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { sessions } from "./tables.ts";
import { hashToken, newToken } from "./tokens.ts";

const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_used_at is refreshed at most this often, so reading a session is not a write per request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The signed-in user as the server and the API's clients see it. */
export type AuthUser = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  lastname: string | null;
  avatarFileName: string | null;
  role: UserRole;
  /** The role's scopes and the account's own (core/rules/staff.ts). */
  scope: string[];
  locale: string;
  group: { id: number; name: string; discount: number } | null;
  emailConfirmed: boolean;
  adultConfirmed: boolean;
  verified: boolean;
};

export type SessionMeta = { userAgent?: string | null; ip?: string | null };

/** What a login checks of the account an address belongs to. */
export type LoginCredentials = {
  id: number;
  passwordHash: string;
  blockedAt: Date | null;
  deletedAt: Date | null;
  /** A moderation suspension still running (DSA Art. 23): no sign-in until then. */
  suspendedUntil?: Date | null;
};

/** A login refused with the right password: the account is suspended until `suspendedUntil`. */
export type SuspendedLogin = { suspendedUntil: Date };

/**
 * The accounts behind the sessions (a port: the users module owns them, server/services.ts passes
 * its functions in).
 */
export type AccountsForSignIn = {
  /** The account of an e-mail address, regardless of case; null when there is none. */
  credentialsOf(email: string): Promise<LoginCredentials | null>;
  /** The signed-in user of an account; null when it is unknown, deleted or blocked. */
  signedInUser(userId: number): Promise<AuthUser | null>;
  /**
   * The same user read inside the caller's statement: a SQL value for the account whose id the
   * expression names, and the user it holds (null as above). With it a request's session and user
   * are one statement instead of two.
   */
  signedInUserValue?: { sql(userId: SQL): SQL<unknown>; read(value: unknown): AuthUser | null };
};

/** Checks credentials; a new session token, or null for a wrong e-mail, password or a blocked account. */
async function login(
  db: Db,
  accounts: AccountsForSignIn,
  email: string,
  password: string,
  meta: SessionMeta,
): Promise<{ token: string; userId: number } | SuspendedLogin | null> {
  const user = await accounts.credentialsOf(email.trim());
  if (!user) {
    // The answer takes as long as for a real account.
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  const ok = await verifyPassword(user.passwordHash, password);
  if (!ok || user.blockedAt || user.deletedAt) return null;
  // Only the right password learns of the suspension (and its end); anyone else gets the usual refusal.
  if (user.suspendedUntil) return { suspendedUntil: user.suspendedUntil };
  return openSession(db, user.id, meta);
}

/** A new session of the account (a login, or an account just opened at the shop's checkout). */
async function openSession(
  db: Db,
  userId: number,
  meta: SessionMeta,
): Promise<{ token: string; userId: number }> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    lastUsedAt: new Date(),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip?.slice(0, 100) ?? null,
  });
  return { token, userId };
}

/** The user behind a token, or null when it is unknown, revoked or expired. */
async function authenticate(
  db: Db,
  accounts: AccountsForSignIn,
  token: string,
): Promise<{ user: AuthUser; tokenHash: string; secondFactorDone: boolean } | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  const joined = accounts.signedInUserValue;
  // The session and (through the accounts' port) its user, in one statement when the port can.
  const [session] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      secondFactorAt: sessions.secondFactorAt,
      ...(joined ? { user: joined.sql(sql`${sessions}.${sql.identifier(sessions.userId.name)}`) } : {}),
    })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  if (!session) return null;
  const user = joined ? joined.read(session.user) : await accounts.signedInUser(session.userId);
  if (!user) return null;
  if (!session.lastUsedAt || Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, session.id));
  }
  return { user, tokenHash, secondFactorDone: session.secondFactorAt !== null };
}

/** Logging in and out, and the user behind a session token. */
export function createAuthService(db: Db, accounts: AccountsForSignIn) {
  return {
    loadUser: (userId: number) => accounts.signedInUser(userId),
    login: (email: string, password: string, meta: SessionMeta = {}) =>
      login(db, accounts, email, password, meta),
    /** Signs in an account its owner has just opened (the shop's checkout), without a password check. */
    startSession: (userId: number, meta: SessionMeta = {}) => openSession(db, userId, meta),
    authenticate: (token: string) => authenticate(db, accounts, token),
    /** The session passed the second factor (the staff's TOTP or recovery code). */
    async markSecondFactor(tokenHash: string): Promise<void> {
      await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
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
