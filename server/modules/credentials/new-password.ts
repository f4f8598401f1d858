import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { setPasswordHash } from "../users/index.ts";
import { passwordResetTokens } from "./tables.ts";

/**
 * Ends every session of the account but `keepTokenHash`, inside the caller's transaction (a port:
 * the auth module's sessions, passed in by server/services.ts).
 */
export type EndSessions = (
  tx: Db,
  userId: number,
  options: { keepTokenHash: string | null; at: Date },
) => Promise<void>;

/**
 * Stores a new password hash and ends what the old password (or an old link) could still open:
 * every outstanding reset link of the user is deleted, so an older link fails as "invalid", and
 * every session except `keepTokenHash` ends. Every path that sets a password goes through here
 * (reset, change in the account), inside the caller's transaction, so the new password never
 * exists next to a live old link.
 */
export async function storeNewPassword(
  tx: Db,
  endSessions: EndSessions,
  userId: number,
  passwordHash: string,
  options: { keepTokenHash?: string | null; now: Date },
): Promise<void> {
  const at = options.now;
  await setPasswordHash(tx, userId, passwordHash, at);
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await endSessions(tx, userId, { keepTokenHash: options.keepTokenHash ?? null, at });
}
