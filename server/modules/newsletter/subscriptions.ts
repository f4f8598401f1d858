import { and, eq, isNull, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { hashToken } from "../auth/index.ts";
import { sameEmail } from "./email-change.ts";
import { type OptInDeps, startOptIn } from "./opt-in.ts";
import type { NewsletterReads } from "./ports.ts";
import { type Subscriber, subscribers } from "./tables.ts";

/** Ok: saved, waiting for the mailed link; refused: the address is subscribed already, or a category is unknown. */
export type SaveResult = Ok<undefined> | Err<"already_exists" | "unknown_categories">;

export type SubscriptionsDeps = OptInDeps & {
  /** Optional only for the users module's own instance, which never passes categories (service.ts). */
  reads?: NewsletterReads;
};

/** Keeps the first occurrence of each id, in the caller's order. */
export const unique = (ids: number[]) => [...new Set(ids)];

export async function allCategoriesExist(deps: SubscriptionsDeps, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  if (!deps.reads) throw new Error("the newsletter needs the listings' categories to check a choice");
  return (await deps.reads.categorySummaries(deps.db, ids)).size === ids.length;
}

export async function findByEmail(deps: SubscriptionsDeps, email: string): Promise<Subscriber | null> {
  const [row] = await deps.db.select().from(subscribers).where(sameEmail(email)).limit(1);
  return row ?? null;
}

/** The footer sign-up, and the links of the opt-in mail (confirm, unsubscribe). */
export function createSubscriptions(deps: SubscriptionsDeps) {
  const { db } = deps;
  return {
    /**
     * The footer sign-up: a new e-mail becomes an unconfirmed subscriber and gets the opt-in mail.
     * An e-mail already stored (any letter case) changes nothing, except one that unsubscribed
     * earlier: signing up again is a fresh opt-in.
     */
    async save(input: { email: string; selectedCategories: number[]; locale: Locale }): Promise<SaveResult> {
      const selectedCategories = unique(input.selectedCategories);
      if (!(await allCategoriesExist(deps, selectedCategories))) return err("unknown_categories");
      const email = input.email.trim();

      const existing = await findByEmail(deps, email);
      if (existing && existing.unsubscribedAt === null) return err("already_exists");
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
        if (!row) return err("already_exists");
        await startOptIn(deps, row, input.locale, existing);
        return ok();
      }

      const [row] = await db
        .insert(subscribers)
        .values({ email, selectedCategories, locale: input.locale })
        .onConflictDoNothing()
        .returning();
      // Lost a race with a concurrent sign-up of the same address.
      if (!row) return err("already_exists");
      await startOptIn(deps, row, input.locale, null);
      return ok();
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
