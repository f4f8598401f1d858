import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { isNotificationKind, type NotificationKind } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { signingKeys } from "./tables.ts";

/*
 * Every notice mail carries a one-click unsubscribe for its kind: a signed token (user and kind,
 * HMAC with a key kept in the database, so that every instance signs alike) in a link that works
 * without login, and the RFC 8058 headers `List-Unsubscribe` and `List-Unsubscribe-Post`.
 */

const UNSUBSCRIBE_KEY = "notification-unsubscribe";

const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

export type UnsubscribeLink = { url: string; headers: Record<string, string> };

export function createUnsubscribeLinks(db: Db, config: Pick<Config, "publicUrl">) {
  // Cached only once read back as committed: a key inserted by a transaction that then rolled back
  // must not sign links nobody can verify.
  let cachedKey: string | null = null;

  async function signingKey(executor: Db): Promise<string> {
    if (cachedKey) return cachedKey;
    const [inserted] = await executor
      .insert(signingKeys)
      .values({ name: UNSUBSCRIBE_KEY, secret: randomBytes(32).toString("base64url") })
      .onConflictDoNothing()
      .returning({ secret: signingKeys.secret });
    if (inserted) return inserted.secret;
    const [row] = await executor
      .select({ secret: signingKeys.secret })
      .from(signingKeys)
      .where(eq(signingKeys.name, UNSUBSCRIBE_KEY))
      .limit(1);
    cachedKey = row.secret;
    return row.secret;
  }

  return {
    /** The one-click unsubscribe link and headers of a mail of `kind` to `userId` (signing key read through `executor`). */
    async unsubscribe(
      executor: Db,
      userId: number,
      kind: NotificationKind,
      locale: Locale,
    ): Promise<UnsubscribeLink> {
      const secret = await signingKey(executor);
      const token = `${userId}.${kind}.${sign(secret, `${userId}.${kind}`)}`;
      const url = `${config.publicUrl}${localePath("notificationsUnsubscribe", locale, { token })}`;
      // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the link, whose page's
      // action switches the kind off without a login.
      return {
        url,
        headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      };
    },

    /** A token's user and kind; null when it was not signed by us. */
    async verifyToken(token: string): Promise<{ userId: number; kind: NotificationKind } | null> {
      const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match || !isNotificationKind(match[2])) return null;
      const userId = Number(match[1]);
      const [row] = await db
        .select({ secret: signingKeys.secret })
        .from(signingKeys)
        .where(eq(signingKeys.name, UNSUBSCRIBE_KEY))
        .limit(1);
      if (!row) return null;
      const expected = Buffer.from(sign(row.secret, `${userId}.${match[2]}`));
      const given = Buffer.from(match[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { userId, kind: match[2] };
    },
  };
}
