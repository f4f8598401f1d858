import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { dealDisputeMessages, dealDisputes } from "./tables.ts";

/**
 * What the user wrote in deals' disputes, for the data export (issue 35): each text with its
 * deal, the dispute's reason and when. They stay when the account is deleted (the author is
 * forgotten by the messages' `set null`), as the deal's record of what was decided.
 */
export function createDisputesPersonalData(db: Db): PersonalDataSource {
  return {
    name: "disputes",
    async exportFor({ userId }) {
      const rows = await db
        .select({
          dealId: dealDisputes.dealId,
          reason: dealDisputes.reason,
          role: dealDisputeMessages.role,
          text: dealDisputeMessages.body,
          createdAt: dealDisputeMessages.createdAt,
        })
        .from(dealDisputeMessages)
        .innerJoin(dealDisputes, eq(dealDisputes.id, dealDisputeMessages.disputeId))
        .where(eq(dealDisputeMessages.authorId, userId))
        .orderBy(asc(dealDisputeMessages.id));
      return { disputeTexts: rows };
    },
    async eraseFor() {
      return undefined;
    },
  };
}
