import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { hashToken, newToken } from "../auth/index.ts";
import { categories } from "../listings/tables/taxonomy.ts";
import { renderMail } from "../mail/index.ts";
import { type Subscriber, subscribers } from "./tables.ts";

export type SaveResult =
  | { status: "saved" }
  | { status: "already_exists" }
  | { status: "unknown_categories" };
export type PreferencesResult =
  | { status: "saved"; selectedCategories: number[] }
  | { status: "unknown_categories" };

/** The signed-in user as far as the newsletter needs them. */
export type NewsletterUser = { id: number; email: string; emailConfirmed: boolean };

/** Case-insensitive e-mail match, served by the unique index on lower(email). */
const sameEmail = (email: string) => sql`lower(${subscribers.email}) = lower(${email})`;

/** Keeps the first occurrence of each id, in the caller's order. */
const unique = (ids: number[]) => [...new Set(ids)];

/**
 * A confirmed e-mail change of an account, inside its transaction: the subscription is matched by
 * address, so it moves to the new one. Where the new address already had its own row, the active
 * one of the two is kept (confirmed and not unsubscribed).
 */
export async function followEmailChange(tx: Db, userId: number, from: string, to: string, at: Date) {
  const rows = await tx
    .select()
    .from(subscribers)
    .where(or(sameEmail(from), sameEmail(to)))
    .for("update");
  const old = rows.find((row) => row.email.toLowerCase() === from.toLowerCase());
  const existing = rows.find((row) => row.email.toLowerCase() === to.toLowerCase());
  const active = (row: Subscriber) => row.confirmedAt !== null && row.unsubscribedAt === null;
  const keep = old && !(existing && active(existing) && !active(old)) ? old : existing;
  if (!keep) return;
  const drop = keep === old ? existing : old;
  if (drop) await tx.delete(subscribers).where(eq(subscribers.id, drop.id));
  await tx.update(subscribers).set({ email: to, userId, updatedAt: at }).where(eq(subscribers.id, keep.id));
}

export function createNewsletterService(db: Db, mail: Mailer, config: Pick<Config, "publicUrl">) {
  async function allCategoriesExist(ids: number[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    return rows.length === ids.length;
  }

  async function findByEmail(email: string): Promise<Subscriber | null> {
    const [row] = await db.select().from(subscribers).where(sameEmail(email)).limit(1);
    return row ?? null;
  }

  /** The double opt-in mail: a confirmation link, and an unsubscribe link as in every newsletter mail. */
  async function sendConfirmation(email: string, token: string, locale: Locale, tx: Db) {
    const t = (key: string) => translate(locale, `newsletter.confirmMail.${key}`);
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
    await mail.send({ to: email, ...content, headers }, { tx });
  }

  /**
   * Starts (or restarts) the opt-in for a row: a new token whose hash replaces the old one, and
   * the mail queued in the same transaction. If that fails, the row goes back to `before` (deleted
   * when it was new), so that nothing changed and the visitor can simply retry. Delivery itself
   * happens later, with retries, and cannot undo the sign-up.
   */
  async function startOptIn(row: Subscriber, locale: Locale, before: Subscriber | null) {
    try {
      const { token, hash } = newToken();
      await db.transaction(async (tx) => {
        await tx.update(subscribers).set({ confirmTokenHash: hash }).where(eq(subscribers.id, row.id));
        await sendConfirmation(row.email, token, locale, tx);
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

  return {
    /**
     * The footer sign-up: a new e-mail becomes an unconfirmed subscriber and gets the opt-in mail.
     * An e-mail already stored (any letter case) changes nothing, except one that unsubscribed
     * earlier: signing up again is a fresh opt-in.
     */
    async save(input: { email: string; selectedCategories: number[]; locale: Locale }): Promise<SaveResult> {
      const selectedCategories = unique(input.selectedCategories);
      if (!(await allCategoriesExist(selectedCategories))) return { status: "unknown_categories" };
      const email = input.email.trim();

      const existing = await findByEmail(email);
      if (existing && existing.unsubscribedAt === null) return { status: "already_exists" };
      if (existing) {
        const [row] = await db
          .update(subscribers)
          .set({
            email,
            selectedCategories,
            locale: input.locale,
            confirmedAt: null,
            unsubscribedAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(subscribers.id, existing.id), sql`${subscribers.unsubscribedAt} is not null`))
          .returning();
        if (!row) return { status: "already_exists" };
        await startOptIn(row, input.locale, existing);
        return { status: "saved" };
      }

      const [row] = await db
        .insert(subscribers)
        .values({ email, selectedCategories, locale: input.locale })
        .onConflictDoNothing()
        .returning();
      // Lost a race with a concurrent sign-up of the same address.
      if (!row) return { status: "already_exists" };
      await startOptIn(row, input.locale, null);
      return { status: "saved" };
    },

    /**
     * The account e-mail's subscription for the account's newsletter page: none (never, or
     * unsubscribed), pending (the opt-in link not clicked yet) or active, with its categories.
     */
    async subscription(
      email: string,
    ): Promise<{ status: "none" | "pending" | "active"; selectedCategories: number[] }> {
      const row = await findByEmail(email);
      if (!row || row.unsubscribedAt !== null) return { status: "none", selectedCategories: [] };
      return { status: row.confirmedAt ? "active" : "pending", selectedCategories: row.selectedCategories };
    },

    /** A signed-in user ends their account e-mail's subscription (as the mail's unsubscribe link does). */
    async unsubscribeEmail(email: string): Promise<boolean> {
      const rows = await db
        .update(subscribers)
        .set({ unsubscribedAt: new Date(), updatedAt: new Date() })
        .where(and(sameEmail(email), isNull(subscribers.unsubscribedAt)))
        .returning({ id: subscribers.id });
      return rows.length > 0;
    },

    /** The categories of the user's subscription (matched by the account e-mail); [] when none. */
    async preferences(email: string): Promise<number[]> {
      const row = await findByEmail(email);
      return row && row.unsubscribedAt === null ? row.selectedCategories : [];
    },

    /**
     * Saves a signed-in user's categories, subscribing their account e-mail when it is not yet.
     * The account e-mail counts as confirmed only when the account confirmed it; otherwise the
     * subscription waits for the opt-in mail like any other (GDPR: nobody is subscribed by a
     * stranger who registered with their address).
     */
    async savePreferences(user: NewsletterUser, ids: number[], locale: Locale): Promise<PreferencesResult> {
      const selectedCategories = unique(ids);
      if (!(await allCategoriesExist(selectedCategories))) return { status: "unknown_categories" };
      const now = new Date();

      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await findByEmail(user.email);
        if (existing) {
          const resubscribing = existing.unsubscribedAt !== null;
          const confirmedAt = resubscribing ? null : existing.confirmedAt;
          const [row] = await db
            .update(subscribers)
            .set({
              selectedCategories,
              userId: user.id,
              unsubscribedAt: null,
              confirmedAt: confirmedAt ?? (user.emailConfirmed ? now : null),
              updatedAt: now,
            })
            .where(eq(subscribers.id, existing.id))
            .returning();
          if (row.confirmedAt === null && (resubscribing || existing.confirmTokenHash === null)) {
            await startOptIn(row, locale, existing);
          }
          return { status: "saved", selectedCategories };
        }
        const [row] = await db
          .insert(subscribers)
          .values({
            email: user.email,
            userId: user.id,
            selectedCategories,
            locale,
            confirmedAt: user.emailConfirmed ? now : null,
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          if (row.confirmedAt === null) await startOptIn(row, locale, null);
          return { status: "saved", selectedCategories };
        }
        // A concurrent insert of the same address won: update that row on the second pass.
      }
      throw new Error("newsletter preferences: could not save after a concurrent insert");
    },

    /**
     * The opt-in link: confirms the subscription. Clicking it again is harmless. The token stays
     * valid as the subscriber's key for the unsubscribe link of the same mail.
     */
    async confirmSubscription(token: string): Promise<{ email: string } | null> {
      if (token.length === 0 || token.length > 200) return null;
      const [row] = await db
        .update(subscribers)
        .set({ confirmedAt: sql`coalesce(${subscribers.confirmedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(subscribers.confirmTokenHash, hashToken(token)), isNull(subscribers.unsubscribedAt)))
        .returning({ email: subscribers.email });
      return row ?? null;
    },

    /** The unsubscribe link: ends the subscription (the row stays, so a later sign-up is a new opt-in). */
    async unsubscribe(token: string): Promise<{ email: string } | null> {
      if (token.length === 0 || token.length > 200) return null;
      const [row] = await db
        .update(subscribers)
        .set({ unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, now())`, updatedAt: new Date() })
        .where(eq(subscribers.confirmTokenHash, hashToken(token)))
        .returning({ email: subscribers.email });
      return row ?? null;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
