import type { MessageCounter } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import { createConversations } from "./conversation.ts";
import { createInbox } from "./inbox.ts";
import { createModeration } from "./moderation.ts";
import { deliverMessageNotice } from "./notice-mail.ts";
import type { Notifier } from "./notifier.ts";
import type { NotificationSwitches, ProductReads, PushOutbox, UserReads } from "./ports.ts";
import { createPreferences } from "./preferences.ts";
import { threadView } from "./thread-view.ts";

export type { MessageCounter };

/**
 * Messages (issue 7): the inbox (inbox.ts, thread-view.ts), writing in conversations
 * (conversation.ts), blocking and reporting (moderation.ts), the notice mails about unread messages
 * (notice-mail.ts) and the notice switches (preferences.ts). System notices go through the notifier
 * (notifier.ts); the rows of threads that other modules open in their own transactions are in
 * threads.ts.
 */

export type MessagesServiceDeps = {
  db: Db;
  jobs: JobRunner;
  notifier: Notifier;
  config: Pick<Config, "publicUrl">;
  /** The users module's reads and its e-mail switches (server/services.ts). */
  users: UserReads & NotificationSwitches;
  /** The listings module's product summaries (server/services.ts). */
  products: ProductReads;
  /** Whether the user already reviewed the deal about each product (the reviews service). */
  reviewedDeals?: (userId: number, productIds: number[]) => Promise<Set<number>>;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** Web push's outbox (ADR 0110): new messages are pushed through it. */
  push?: PushOutbox;
};

export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, jobs, notifier, config, users, products } = deps;
  return {
    notifier,
    ...createInbox({ db, users, products }),
    thread: (userId: number, threadId: number, locale: Locale) =>
      threadView({ db, users, products, reviewedDeals: deps.reviewedDeals }, userId, threadId, locale),
    ...createConversations({ db, jobs, users, push: deps.push }),
    ...createModeration({ db, users }),
    deliverMessageNotice: (input: { threadId: number; userId: number }, now?: Date) =>
      deliverMessageNotice({ db, jobs, notifier, config, users, products }, input, now),
    ...createPreferences({ db, notifier, users }),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
