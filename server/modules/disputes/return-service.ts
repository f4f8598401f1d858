import type { DealsSetting } from "#core/schemas/settings.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { createDisputeNotices } from "./notices.ts";
import {
  confirmReturn,
  DEFAULT_RETURN_CONFIRM_DAYS,
  DEFAULT_RETURN_SHIP_DAYS,
  proposeReturn,
  scheduleReturnJobs,
  shipReturn,
} from "./returns.ts";
import { acceptProposal } from "./rules.ts";
import type { DealDispute } from "./tables.ts";

/**
 * A proposal accepted, and a dispute's return for a full refund, as the service runs them (returns.ts;
 * ADR 0077, "Amendment: returns"): each step in one transaction with its notices and its deadline jobs.
 */
export function createReturnService(deps: {
  db: Db;
  jobs: Pick<JobRunner, "send">;
  dealsSetting: () => Promise<DealsSetting | null>;
  notices: ReturnType<typeof createDisputeNotices>;
  now: () => Date;
  /** A step that may end the dispute: its money goes out through the provider's outbox. */
  ending: <T extends { ok: boolean }>(run: () => Promise<T>) => Promise<T>;
}) {
  const { db, notices, now, ending } = deps;
  /** The days the buyer has to send the item back (the `deals` setting, else the default). */
  const returnShipDays = async () => (await deps.dealsSetting())?.returnShipDays ?? DEFAULT_RETURN_SHIP_DAYS;
  /** An agreement's or a decision's end: a return started (its jobs and notices), else resolved. */
  const afterAgreement = async (tx: Db, dispute: DealDispute, at: Date) => {
    if (dispute.status !== "returning") return notices.resolved(tx, dispute.dealId);
    await scheduleReturnJobs(deps.jobs, tx, dispute, at);
    await notices.returnStarted(tx, dispute.dealId, { returnBy: dispute.returnBy });
  };
  return {
    returnShipDays,
    afterAgreement,
    steps: {
      /** The other side accepts a proposal: a refund ends the dispute, a return starts. */
      async accept(dealId: number, userId: number) {
        const days = await returnShipDays();
        return ending(() =>
          db.transaction(async (tx) => {
            const at = now();
            const accepted = await acceptProposal(tx, { dealId, userId, at, returnShipDays: days });
            if (accepted.ok) await afterAgreement(tx, accepted.value, at);
            return accepted;
          }),
        );
      },
      /** Either side proposes the item's return for a full refund (returns.ts). */
      proposeReturn: (dealId: number, userId: number) =>
        db.transaction(async (tx) => {
          const proposed = await proposeReturn(tx, { dealId, userId });
          if (proposed.ok) await notices.message(tx, dealId, userId, `return-proposal-${now().getTime()}`);
          return proposed;
        }),
      /** The buyer sends the item back: the carrier and its tracking number; the seller is told. */
      async shipReturn(dealId: number, buyerId: number, input: { carrier: string; trackingNumber: string }) {
        const confirmDays = (await deps.dealsSetting())?.returnConfirmDays ?? DEFAULT_RETURN_CONFIRM_DAYS;
        return db.transaction(async (tx) => {
          const at = now();
          const shipped = await shipReturn(tx, { dealId, buyerId, ...input, confirmDays, at });
          if (!shipped.ok) return shipped;
          await scheduleReturnJobs(deps.jobs, tx, shipped.value, at);
          const { returnBy, returnConfirmBy: confirmBy, returnTrackingNumber: tracking } = shipped.value;
          await notices.returnShipped(tx, dealId, { returnBy, confirmBy, tracking });
          return shipped;
        });
      },
      /** The seller has the item back ("Potvrzuji převzetí vráceného zboží"): the buyer is refunded in full. */
      confirmReturn: (dealId: number, sellerId: number) =>
        ending(() =>
          db.transaction(async (tx) => {
            const confirmed = await confirmReturn(tx, { dealId, sellerId, at: now() });
            if (confirmed.ok) await notices.returnRefunded(tx, dealId, false);
            return confirmed;
          }),
        ),
    },
  };
}
