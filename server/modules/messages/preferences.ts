import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from "#core/contracts/messages.ts";
import type { Db } from "#server/db/client.ts";
import type { Notifier } from "./notifier.ts";
import { type NotificationSwitches, recipientOf, type UserReads } from "./ports.ts";

/** A user's switches: every kind, on unless they turned it off. */
export function preferencesOf(stored: Record<string, boolean> | null | undefined): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, stored?.[kind] !== false]),
  ) as NotificationPreferences;
}

/** The notice switches (which kinds also go out by e-mail), kept on the account by the users module. */
export function createPreferences(deps: {
  db: Db;
  notifier: Pick<Notifier, "verifyToken">;
  users: Pick<UserReads, "recipientsOf"> & NotificationSwitches;
}) {
  const { db, notifier, users } = deps;
  return {
    /** Which kinds also go out by e-mail for the user. */
    async preferences(userId: number): Promise<NotificationPreferences> {
      return preferencesOf((await recipientOf(users, db, userId))?.preferences);
    },

    /** Saves the switches given (others stay as they were); returns all of them. */
    async savePreferences(
      userId: number,
      changes: Partial<Record<NotificationKind, boolean>>,
    ): Promise<NotificationPreferences> {
      const clean = Object.fromEntries(
        Object.entries(changes).filter(([kind, on]) => typeof on === "boolean" && kind in preferencesOf({})),
      );
      return preferencesOf(await users.saveNotificationSwitches(db, userId, clean));
    },

    /**
     * The one-click unsubscribe of a notice mail: switches the token's kind off for its user, no
     * login needed. Null for a token we did not sign (or a deleted account).
     */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind; email: string } | null> {
      const target = await notifier.verifyToken(token);
      if (!target) return null;
      const row = await users.switchOffNotification(db, target.userId, target.kind);
      return row ? { kind: target.kind, email: row.email } : null;
    },
  };
}
