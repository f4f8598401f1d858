import { eq } from "drizzle-orm";
import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { newToken } from "../auth/index.ts";
import { renderMail } from "../mail/index.ts";
import { type Subscriber, subscribers } from "./tables.ts";

export type OptInDeps = { db: Db; mail: Mailer; config: Pick<Config, "publicUrl"> };

/** The double opt-in mail: a confirmation link, and an unsubscribe link as in every newsletter mail. */
async function sendConfirmation(deps: OptInDeps, email: string, token: string, locale: Locale, tx: Db) {
  const { config } = deps;
  const t = (key: KeysUnder<"newsletter.confirmMail">) => translate(locale, `newsletter.confirmMail.${key}`);
  // Both links open the page in the language the visitor signed up in.
  const unsubscribeUrl = `${config.publicUrl}${localePath("newsletterUnsubscribe", locale, { token })}`;
  const content = renderMail({
    locale,
    siteUrl: config.publicUrl,
    subject: t("subject"),
    paragraphs: [t("greeting"), t("text")],
    action: {
      label: t("button"),
      url: `${config.publicUrl}${localePath("newsletterConfirm", locale, { token })}`,
    },
    closing: [t("ignore"), t("signature")],
    footer: [{ text: t("unsubscribe"), link: { label: t("unsubscribeLink"), url: unsubscribeUrl } }],
  });
  // RFC 8058 one-click: the mail client POSTs to the link, which the unsubscribe page's action
  // takes like its own button (no login, and no Origin header, so the CSRF check lets it in).
  const headers = {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
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
