import { and, eq, isNull, sql } from "drizzle-orm";
import { isLocale, type Locale, translate } from "../../../app/i18n/index.ts";
import type { Mailer } from "../../adapters/mail.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { emailConfirmationTokens } from "../auth/tables.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { users } from "./tables.ts";

export const EMAIL_CONFIRMATION_TTL_MS = 48 * 3600 * 1000;

export type LinkStatus = "invalid" | "expired" | "used";
export type ConfirmResult = { status: "confirmed"; email: string } | { status: LinkStatus };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * A plain mail with one call to action: the text part and a simple HTML part built from the same
 * paragraphs, so that both always say the same thing.
 */
export function linkMail(paragraphs: string[], link: { label: string; url: string }, closing: string[] = []) {
  const text = [...paragraphs, `${link.label}: ${link.url}`, ...closing].join("\n\n");
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:16px;color:#1f2933;max-width:600px">
${paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#0f4c4c;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5f6b76">${escapeHtml(link.url)}</p>
${closing.map(p).join("\n")}
</body></html>`;
  return { text, html };
}

export const mailLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : "cs");

/**
 * E-mail confirmation links (`/potvrzeni-emailu/<token>`): a random token, only its SHA-256 stored,
 * valid 48 hours, usable once. Confirming sets users.email_confirmed_at, but only while the
 * account still has the address the link was sent to.
 */
export function createEmailConfirmationService(
  db: Db,
  mail: Mailer,
  config: Pick<Config, "publicUrl">,
  now: () => Date = () => new Date(),
) {
  async function createLink(userId: number, email: string): Promise<string> {
    const { token, hash } = newToken();
    await db.insert(emailConfirmationTokens).values({
      userId,
      email,
      tokenHash: hash,
      expiresAt: new Date(now().getTime() + EMAIL_CONFIRMATION_TTL_MS),
    });
    return `${config.publicUrl}/potvrzeni-emailu/${token}`;
  }

  return {
    createLink,

    /** The welcome mail after registration: greeting, the confirmation link, what comes next. */
    async sendWelcome(user: { id: number; email: string; username: string; locale: string }) {
      const locale = mailLocale(user.locale);
      const url = await createLink(user.id, user.email);
      const t = (key: string) => translate(locale, `registration.mail.${key}`, { username: user.username });
      const body = linkMail([t("welcomeGreeting"), t("welcomeText")], { label: t("confirmButton"), url }, [
        t("confirmExpiry"),
        t("signature"),
      ]);
      await mail.send({ to: user.email, subject: t("welcomeSubject"), ...body });
    },

    /** A new confirmation link for a signed-in user who lost or let expire the first one. */
    async resend(userId: number) {
      const [user] = await db
        .select({ email: users.email, username: users.username, locale: users.locale })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
        .limit(1);
      if (!user) return false;
      const locale = mailLocale(user.locale);
      const url = await createLink(userId, user.email);
      const t = (key: string) => translate(locale, `registration.mail.${key}`, { username: user.username });
      const body = linkMail([t("confirmText")], { label: t("confirmButton"), url }, [
        t("confirmExpiry"),
        t("signature"),
      ]);
      await mail.send({ to: user.email, subject: t("confirmSubject"), ...body });
      return true;
    },

    /** Uses a link: confirms the address once; a second click, an old or a foreign link says why not. */
    async confirm(token: string): Promise<ConfirmResult> {
      if (!token || token.length > 200) return { status: "invalid" };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailConfirmationTokens)
          .where(eq(emailConfirmationTokens.tokenHash, hashToken(token)))
          .limit(1)
          .for("update");
        if (!row) return { status: "invalid" as const };
        if (row.usedAt) return { status: "used" as const };
        if (row.expiresAt.getTime() <= now().getTime()) return { status: "expired" as const };
        const at = now();
        const updated = await tx
          .update(users)
          .set({
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)`,
          })
          .where(and(eq(users.id, row.userId), sql`lower(${users.email}) = lower(${row.email})`))
          .returning({ id: users.id });
        // The account changed its address since the mail was sent: this link no longer applies.
        if (updated.length === 0) return { status: "invalid" as const };
        await tx
          .update(emailConfirmationTokens)
          .set({ usedAt: at })
          .where(eq(emailConfirmationTokens.id, row.id));
        return { status: "confirmed" as const, email: row.email };
      });
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
