import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { type Notifier, touchConversation } from "../messages/index.ts";
import { tell } from "./notices.ts";
import { expireOverdue } from "./requests.ts";

/**
 * A payment request's expiry is a deadline like a deal's (issue 35, item 1): a sweep every ten
 * minutes closes the open requests past it and tells their sellers, so the conversation's history
 * and the seller's bell say "expired" without anyone opening the request. A request touched
 * after its expiry (accepted late, replaced) is closed there too; whichever comes first wins
 * under the request's lock.
 */
export const EXPIRE_QUEUE = "payment-requests.expire";

export async function registerPaymentRequestJobs(
  jobs: JobRunner,
  deps: { db: Db; notifier: Pick<Notifier, "notify">; logger: Pick<Logger, "info">; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  jobs.define(EXPIRE_QUEUE, { policy: "exclusive", retryLimit: 3, retryBackoff: true });
  jobs.work(EXPIRE_QUEUE, async () => {
    const expired = await expireOverdue(deps.db, now(), async (tx, request) => {
      await tell(deps.notifier, tx, request, "expired");
      await touchConversation(tx, request);
    });
    if (expired) deps.logger.info({ expired }, "payment requests expired unanswered");
  });
  await jobs.schedule(EXPIRE_QUEUE, "*/10 * * * *");
}
