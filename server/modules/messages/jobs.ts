import type { JobRunner } from "#server/jobs/runner.ts";
import { MESSAGE_NOTICE_QUEUE } from "./notice-mail.ts";
import type { MessagesService } from "./service.ts";

/**
 * `message.notice`: the mail about unread messages in one thread for one recipient. `stately`
 * (one waiting and one running job per thread and recipient, the singleton key): a burst of
 * messages queues one job, and a job that finds the 15-minute window still open queues its
 * successor for the window's end. The handler decides under the participant row's lock, so a
 * retried or duplicated job never mails twice within the window.
 */
export function registerMessageJobs(
  jobs: JobRunner,
  messages: Pick<MessagesService, "deliverMessageNotice">,
) {
  jobs.define(MESSAGE_NOTICE_QUEUE, {
    policy: "stately",
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    deleteAfterSeconds: 24 * 3600,
  });
  jobs.work<{ threadId: number; userId: number }>(MESSAGE_NOTICE_QUEUE, async (data) => {
    await messages.deliverMessageNotice(data);
  });
}
