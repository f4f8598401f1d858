import type { Result } from "#core/result.ts";
import type { DeliveryOption } from "#core/schemas/delivery.ts";
import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { schedulePayment } from "../deadlines.ts";
import { type DealRequest, type MakeRefusal, makeDeal } from "../making.ts";
import type { DealNotices } from "../notices.ts";
import type { DealRecord } from "../tables.ts";
import type { DealActor } from "../transitions.ts";

export type StartedDeal = { deal: DealRecord; created: boolean };

/**
 * A deal started in the caller's transaction, whichever way it came (an auction's close, Koupit, a
 * second chance, a payment request in another module): made once per request key and, when new,
 * its payment deadline with its reminders and the notices to both sides (the buyer to pay, the
 * seller that a buyer is found), all committing together.
 */
export function startingSteps(ctx: { jobs: Pick<JobRunner, "send">; notices: DealNotices; now: () => Date }) {
  return {
    async startDeal(
      tx: Db,
      setting: DealsSetting,
      options: readonly DeliveryOption[],
      request: DealRequest,
      actor: DealActor,
    ): Promise<Result<StartedDeal, MakeRefusal>> {
      const made = await makeDeal(tx, setting, options, request, actor);
      if (made.ok && made.value.created) {
        await schedulePayment(ctx.jobs, tx, made.value.deal, setting.payReminderHours, ctx.now());
        await ctx.notices.created(tx, made.value.deal);
      }
      return made;
    },
  };
}
