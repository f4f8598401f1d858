import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { ageCheckAttempts, ageVerifications } from "./tables.ts";

/**
 * The age check in the data export (GDPR art. 15 and 20): "18+ verified, by which method, on which
 * date" and nothing else (the subject's hash identifies nobody without the server's salt and is
 * not the person's data to take along). Deleting the account removes the row and its attempts, so
 * the identity may verify another account again.
 */
export function createAgeCheckPersonalData(db: Db): PersonalDataSource {
  return {
    name: "ageCheck",
    async exportFor({ userId }) {
      const [row] = await db
        .select({ method: ageVerifications.method, verifiedAt: ageVerifications.verifiedAt })
        .from(ageVerifications)
        .where(eq(ageVerifications.userId, userId))
        .limit(1);
      return {
        ageVerification: row ? { adult: true, method: row.method, verifiedAt: row.verifiedAt } : null,
      };
    },
    async eraseFor(tx, { userId }) {
      const removed = await tx
        .delete(ageVerifications)
        .where(eq(ageVerifications.userId, userId))
        .returning({ id: ageVerifications.id });
      await tx.delete(ageCheckAttempts).where(eq(ageCheckAttempts.userId, userId));
      return removed.length > 0 ? { ageVerificationRemoved: true } : undefined;
    },
  };
}
