import { count, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { moderationComplaints, moderationReports } from "./tables.ts";

/**
 * The moderation module's counts for the back office's dashboard (docs/product/back-office.md,
 * "Dashboard"): notices and complaints still waiting for a decision, read over their status indexes.
 */
export function moderationDashboardFigures(db: Db) {
  return {
    async reportsOpen(): Promise<number> {
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
