import { eq } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { newToken } from "../auth/index.ts";
import { optInMail } from "./mails.ts";
import { type Subscriber, subscribers } from "./tables.ts";

export type OptInDeps = { db: Db; mail: Mailer; config: Pick<Config, "publicUrl"> };

/** The double opt-in mail (its words: mails.ts), queued in the given transaction. */
async function sendConfirmation(deps: OptInDeps, email: string, token: string, locale: Locale, tx: Db) {
  const { content, headers } = optInMail(deps.config.publicUrl, locale, token);
  await deps.mail.send({ to: email, ...content, headers }, { tx });
}

/**
 * Starts (or restarts) the opt-in for a row: a new token whose hash replaces the old one, and
 * the mail queued in the same transaction. If that fails, the row goes back to `before` (deleted
 * when it was new), so that nothing changed and the visitor can simply retry. Delivery itself
 * happens later, with retries, and cannot undo the sign-up.
 */
export async function startOptIn(
  deps: OptInDeps,
  row: Subscriber,
  locale: Locale,
  before: Subscriber | null,
) {
  const { db } = deps;
  try {
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      await tx.update(subscribers).set({ confirmTokenHash: hash }).where(eq(subscribers.id, row.id));
      await sendConfirmation(deps, row.email, token, locale, tx);
    });
  } catch (error) {
    if (before) {
      const { id: _id, ...columns } = before;
      await db.update(subscribers).set(columns).where(eq(subscribers.id, row.id));
    } else {
      await db.delete(subscribers).where(eq(subscribers.id, row.id));
    }
    throw error;
  }
}
