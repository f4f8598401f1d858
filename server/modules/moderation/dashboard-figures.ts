import { count, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { moderationComplaints, moderationReports } from "./tables.ts";

/**
 * The moderation module's counts for the back office's dashboard (docs/product/back-office.md,
 * "Dashboard"): notices and complaints still waiting for a decision, read over their status indexes.
 * The open reports are counted as the queue lists them: the messages' and the reviews' older open
 * reports are taken in first (`absorbOlderReports`, the moderation service's), so the card and the
 * queue agree whichever is opened first.
 */
export function moderationDashboardFigures(db: Db, moderation?: { absorbOlderReports(): Promise<unknown> }) {
  return {
    async reportsOpen(): Promise<number> {
      await moderation?.absorbOlderReports();
      const [row] = await db
        .select({ count: count() })
        .from(moderationReports)
        .where(eq(moderationReports.status, "open"));
      return row.count;
    },
    async complaintsOpen(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(moderationComplaints)
        .where(eq(moderationComplaints.status, "open"));
      return row.count;
    },
  };
}

export type ModerationDashboardFigures = ReturnType<typeof moderationDashboardFigures>;
