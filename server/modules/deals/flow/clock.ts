import { eq } from "drizzle-orm";
import { type DeadlineKind, type ReminderKind, scheduleDeadline } from "../deadlines.ts";
import { deals } from "../tables.ts";
import type { FlowContext } from "./context.ts";

const COLUMN = { pay: "payBy", ship: "shipBy", release: "releaseAt", pickup: "pickupBy" } as const;

/**
 * The deals' clock for the browser tests (app/routes/diagnostics-deal.tsx, only with
 * E2E_DIAGNOSTICS=1): a deadline moved to `at` and its job sent for then, so that a test sees the
 * deadline pass as a user would after days, through the same job.
 */
export function clockSteps(ctx: FlowContext) {
  return {
    async moveDeadline(dealId: number, kind: Exclude<DeadlineKind, ReminderKind>, at: Date) {
      return ctx.db.transaction(async (tx) => {
        const [moved] = await tx
          .update(deals)
          .set({ [COLUMN[kind]]: at })
          .where(eq(deals.id, dealId))
          .returning({ id: deals.id });
        if (!moved) return false;
        await scheduleDeadline(ctx.jobs, tx, { dealId, kind }, at);
        return true;
      });
    },
  };
}
