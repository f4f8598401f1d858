import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { sameEmail } from "./email-change.ts";
import { startOptIn } from "./opt-in.ts";
import { allCategoriesExist, findByEmail, type SubscriptionsDeps, unique } from "./subscriptions.ts";
import { subscribers } from "./tables.ts";

/** Ok: the categories as saved; refused when one of them is unknown. */
export type PreferencesResult = Ok<{ selectedCategories: number[] }> | Err<"unknown_categories">;

/** The signed-in user as far as the newsletter needs them. */
export type NewsletterUser = { id: number; email: string; emailConfirmed: boolean };

/**
 * Saves a user's categories on their address's row, subscribing it when it is not yet; the
 * opt-in mail goes out when the address is neither confirmed nor waiting for one. False when a
 * concurrent insert of the same address won (the caller tries again, then updates that row).
 */
async function saveOnce(
  deps: SubscriptionsDeps,
  user: NewsletterUser,
  choice: { selectedCategories: number[]; locale: Locale; now: Date },
) {
  const { db } = deps;
  const { selectedCategories, locale, now } = choice;
  const existing = await findByEmail(deps, user.email);
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
    if (row.confirmedAt === null && (resubscribing || existing.confirmTokenHash === null))
      await startOptIn(deps, row, locale, existing);
    return true;
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
  if (!row) return false;
  if (row.confirmedAt === null) await startOptIn(deps, row, locale, null);
  return true;
}

/** The account e-mail's subscription: the account's newsletter page and the API's preferences. */
export function createAccountSubscription(deps: SubscriptionsDeps) {
  const { db } = deps;
  return {
    /**
     * The account e-mail's subscription for the account's newsletter page: none (never, or
     * unsubscribed), pending (the opt-in link not clicked yet) or active, with its categories.
     */
    async subscription(
      email: string,
    ): Promise<{ status: "none" | "pending" | "active"; selectedCategories: number[] }> {
      const row = await findByEmail(deps, email);
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
      const row = await findByEmail(deps, email);
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
      if (!(await allCategoriesExist(deps, selectedCategories))) return err("unknown_categories");
      const now = new Date();
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await saveOnce(deps, user, { selectedCategories, locale, now }))
          return ok({ selectedCategories });
        // A concurrent insert of the same address won: update that row on the second pass.
      }
      throw new Error("newsletter preferences: could not save after a concurrent insert");
    },
  };
}
