import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { DataSubject, PersonalDataSource } from "#server/lib/personal-data.ts";
import { subscribers } from "./tables.ts";

/** The account's subscriptions: by its id, and by its address (one made before it registered). */
const ofSubject = ({ userId, email }: DataSubject) =>
  or(eq(subscribers.userId, userId), sql`lower(${subscribers.email}) = lower(${email})`);

/** Newsletter subscriptions in the data export; a deleted account's go, the ones of its address too. */
export function createNewsletterPersonalData(db: Db): PersonalDataSource {
  return {
    name: "newsletter",
    async exportFor(subject) {
      const newsletterSubscriptions = await db
        .select({
          email: subscribers.email,
          selectedCategories: subscribers.selectedCategories,
          locale: subscribers.locale,
          confirmedAt: subscribers.confirmedAt,
          unsubscribedAt: subscribers.unsubscribedAt,
          createdAt: subscribers.createdAt,
        })
        .from(subscribers)
        .where(ofSubject(subject));
      return { newsletterSubscriptions };
    },
    async eraseFor(tx, subject) {
      await tx.delete(subscribers).where(ofSubject(subject));
      return undefined;
    },
  };
}
