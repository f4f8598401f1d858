import { and, eq, sql } from "drizzle-orm";
import { type KeysUnder, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { greetingName } from "../mail/index.ts";
import type { Notifier } from "./notifier.ts";
import { type ProductReads, type Recipient, recipientOf, type UserReads } from "./ports.ts";
import { productLinks } from "./product-links.ts";
import { messageThreads, threadParticipants } from "./tables.ts";
import { rowsOf } from "./text.ts";

/** The job that mails a user about unread messages in one thread (see deliverMessageNotice). */
export const MESSAGE_NOTICE_QUEUE = "message.notice";
/** At most one notice mail per thread and recipient within this window (issue 7). */
export const MESSAGE_NOTICE_WINDOW_MS = 15 * 60 * 1000;
/**
 * A notice waits this long after the first unread message: someone online reads it in the inbox
 * (the bell, the live stream) and gets no mail about what they already saw.
 */
export const MESSAGE_NOTICE_DELAY_MS = 60 * 1000;
/** How many unread messages a notice mail quotes. */
const NOTICE_QUOTED = 5;

type NoticeTarget = { threadId: number; userId: number };
type Unread = { body: string; username: string | null };

/**
 * Queues the notice mail about unread messages in a thread for its recipient: the job is keyed by
 * thread and recipient on a `stately` queue (one waiting, one running), so a burst of messages
 * queues one job; it waits a minute, or until the recipient's 15-minute window ends.
 */
export async function queueNotice(
  jobs: JobRunner,
  tx: Db,
  target: NoticeTarget,
  noticeMailedAt: Date | null,
) {
  const at = Math.max(
    Date.now() + MESSAGE_NOTICE_DELAY_MS,
    (noticeMailedAt?.getTime() ?? 0) + MESSAGE_NOTICE_WINDOW_MS,
  );
  const { threadId, userId } = target;
  await jobs.send(
    MESSAGE_NOTICE_QUEUE,
    { threadId, userId },
    {
      startAfter: new Date(at),
      singletonKey: `thread-${threadId}-user-${userId}`,
      tx,
    },
  );
}

export type NoticeMailDeps = {
  db: Db;
  jobs: JobRunner;
  notifier: Pick<Notifier, "sendMail">;
  config: Pick<Config, "publicUrl">;
  users: Pick<UserReads, "recipientsOf" | "publicNamesOf">;
  products: ProductReads;
};

/** The thread's messages from others the recipient has neither read nor been mailed about. */
async function unreadSince(
  deps: NoticeMailDeps,
  tx: Db,
  target: NoticeTarget,
  row: { lastReadAt: Date | null; deletedAt: Date | null; noticeMailedAt: Date | null },
): Promise<Unread[]> {
  const since = new Date(
    Math.max(0, ...[row.lastReadAt, row.deletedAt, row.noticeMailedAt].map((value) => value?.getTime() ?? 0)),
  );
  const rows = rowsOf<{ body: string; sender_id: number }>(
    await tx.execute(sql`
      select m.body, m.sender_id from messages m
      where m.thread_id = ${target.threadId} and m.sender_id is not null and m.sender_id <> ${target.userId}
        and m.created_at > ${since.toISOString()}::timestamptz
        and not exists (select 1 from user_blocks b where b.blocker_id = ${target.userId} and b.blocked_id = m.sender_id)
      order by m.created_at, m.id`),
  );
  const people = await deps.users.publicNamesOf(
    tx,
    rows.map((message) => message.sender_id),
  );
  const names = new Map(people.map((person) => [person.id, person.deleted ? null : person.username]));
  return rows.map((message) => ({ body: message.body, username: names.get(message.sender_id) ?? null }));
}

/** Renders and queues the mail quoting the unread messages, with the link to the thread. */
async function mailNotice(
  deps: NoticeMailDeps,
  tx: Db,
  target: NoticeTarget & { productId: number | null },
  user: Recipient,
  unread: Unread[],
) {
  const product = target.productId
    ? (await productLinks(deps.products, tx, [target.productId])).get(target.productId)
    : undefined;
  const sender = unread[unread.length - 1].username ?? translate(user.locale, "messages.formerUser");
  const values = {
    person: greetingName(user),
    sender,
    name: product?.name[user.locale] ?? "",
    count: unread.length,
  };
  const t = (key: KeysUnder<"messages.mail.newMessage">) =>
    translate(user.locale, `messages.mail.newMessage.${key}`, values);
  const quoted = unread.slice(-NOTICE_QUOTED).map((message) => {
    const text = message.body.length > 500 ? `${message.body.slice(0, 500)}…` : message.body;
    return `${message.username ?? "?"}: „${text}“`;
  });
  await deps.notifier.sendMail(tx, user, "message", {
    subject: t("subject"),
    paragraphs: [
      translate(user.locale, "messages.mail.greeting", values),
      unread.length > NOTICE_QUOTED ? t("textMore") : t("text"),
      ...quoted,
    ],
    action: {
      label: t("button"),
      url:
        deps.config.publicUrl +
        localePath("accountMessageThread", user.locale, { threadId: target.threadId }),
    },
    closing: [translate(user.locale, "messages.mail.signature")],
  });
}

/**
 * The notice job: mails the recipient the messages of the thread they have not read and were
 * not mailed about, at most once per 15 minutes per thread, under the participant row's lock
 * (a repeated or concurrent job finds the mark and mails nothing). Returns what it did.
 */
export async function deliverMessageNotice(
  deps: NoticeMailDeps,
  target: NoticeTarget,
  now = new Date(),
): Promise<"mailed" | "deferred" | "nothing"> {
  const mine = and(
    eq(threadParticipants.threadId, target.threadId),
    eq(threadParticipants.userId, target.userId),
  );
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        lastReadAt: threadParticipants.lastReadAt,
        deletedAt: threadParticipants.deletedAt,
        noticeMailedAt: threadParticipants.noticeMailedAt,
        productId: messageThreads.productId,
      })
      .from(threadParticipants)
      .innerJoin(messageThreads, eq(messageThreads.id, threadParticipants.threadId))
      .where(mine)
      .for("update", { of: threadParticipants });
    if (!row) return "nothing";
    const unread = await unreadSince(deps, tx, target, row);
    if (unread.length === 0) return "nothing";
    if (row.noticeMailedAt && now.getTime() - row.noticeMailedAt.getTime() < MESSAGE_NOTICE_WINDOW_MS) {
      await queueNotice(deps.jobs, tx, target, row.noticeMailedAt);
      return "deferred";
    }
    const user = await recipientOf(deps.users, tx, target.userId);
    if (!user || user.deleted) return "nothing";
    await tx.update(threadParticipants).set({ noticeMailedAt: now }).where(mine);
    if (user.preferences.message === false) return "nothing";
    await mailNotice(deps, tx, { ...target, productId: row.productId }, user, unread);
    return "mailed";
  });
}
