import { and, eq, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { ThreadMessage } from "#core/contracts/messages.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { announce } from "./announce.ts";
import { pushNewMessage } from "./message-push.ts";
import { queueNotice } from "./notice-mail.ts";
import { type PushOutbox, recipientOf, type UserReads } from "./ports.ts";
import { messages, messageThreads, threadParticipants } from "./tables.ts";
import { cleanMessage, MESSAGE_MAX, rowsOf, validId } from "./text.ts";
import { startThread as startThreadRows } from "./threads.ts";

/**
 * Ok: the message as the thread shows it. Refused (403): one of the two blocked the other, the
 * other account is gone, or the thread is the system's.
 */
export type SendResult =
  | Ok<ThreadMessage>
  | Err<"not_found" | "blocked" | "gone" | "system">
  | Err<"invalid", { problems: FieldProblems }>;

export type StartThreadResult =
  | { status: "ok"; threadId: number; created: boolean; messageId: number | null }
  | { status: "blocked" };

/** Whether either of the two users blocked the other. */
export async function blockedBetween(executor: Db, a: number, b: number): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await executor.execute(sql`
      select 1 as one from user_blocks
      where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
      limit 1`),
  );
  return rows.length > 0;
}

/** The participant rows of a thread, locked for the rest of the transaction. */
async function participants(tx: Db, threadId: number) {
  return tx
    .select({
      userId: threadParticipants.userId,
      role: threadParticipants.role,
      noticeMailedAt: threadParticipants.noticeMailedAt,
      kind: messageThreads.kind,
      productId: messageThreads.productId,
    })
    .from(threadParticipants)
    .innerJoin(messageThreads, eq(messageThreads.id, threadParticipants.threadId))
    .where(eq(threadParticipants.threadId, threadId))
    .for("update", { of: threadParticipants });
}

/** The message's own problems (empty, too long); null when it may go. */
function invalidBody(text: string): SendResult | null {
  if (text === "") return err("invalid", { problems: { body: [{ key: "validation.required" }] } });
  if (text.length > MESSAGE_MAX)
    return err("invalid", {
      problems: { body: [{ key: "validation.max", values: { length: MESSAGE_MAX } }] },
    });
  return null;
}

type ConversationDeps = {
  db: Db;
  jobs: JobRunner;
  users: Pick<UserReads, "recipientsOf">;
  /** Web push's outbox (ADR 0110): a new message is pushed at once, the mail waits (notice-mail.ts). */
  push?: PushOutbox;
};

/** Stores a reply in the caller's transaction, once the thread and both sides allow it. */
async function reply(
  deps: ConversationDeps,
  tx: Db,
  userId: number,
  threadId: number,
  text: string,
): Promise<SendResult> {
  const people = await participants(tx, threadId);
  const me = people.find((person) => person.userId === userId);
  if (!me) return err("not_found");
  if (me.kind !== "conversation") return err("system");
  const other = people.find((person) => person.userId !== userId);
  const recipient = other ? await recipientOf(deps.users, tx, other.userId) : null;
  if (!other || !recipient || recipient.deleted) return err("gone");
  if (await blockedBetween(tx, userId, other.userId)) return err("blocked");
  const [message] = await tx
    .insert(messages)
    .values({ threadId, senderId: userId, body: text })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(messageThreads.id, threadId));
  await announce(tx, other.userId, threadId);
  await announce(tx, userId, threadId);
  await queueNotice(deps.jobs, tx, { threadId, userId: other.userId }, other.noticeMailedAt);
  await pushNewMessage(deps, tx, {
    toUserId: other.userId,
    fromUserId: userId,
    threadId,
    messageId: message.id,
  });
  return ok({
    id: message.id,
    senderId: userId,
    mine: true,
    text,
    event: null,
    link: null,
    at: message.createdAt.toISOString(),
    unread: false,
    reported: false,
  });
}

/**
 * "Write to the seller" / "I have this": the conversation about a product between its seller
 * and the user (found or opened), with the user's first message when given. The listings
 * module checks the product; this refuses when either of the two blocked the other.
 */
async function startThread(
  deps: ConversationDeps,
  input: { productId: number; sellerId: number; userId: number; body?: string | null },
): Promise<StartThreadResult> {
  return deps.db.transaction(async (tx): Promise<StartThreadResult> => {
    if (await blockedBetween(tx, input.userId, input.sellerId)) return { status: "blocked" };
    const body = input.body ? cleanMessage(input.body) : null;
    const thread = await startThreadRows(tx, { ...input, body });
    if (thread.messageId !== null) {
      const [seller] = await tx
        .select({ noticeMailedAt: threadParticipants.noticeMailedAt })
        .from(threadParticipants)
        .where(
          and(
            eq(threadParticipants.threadId, thread.threadId),
            eq(threadParticipants.userId, input.sellerId),
          ),
        )
        .limit(1);
      await announce(tx, input.sellerId, thread.threadId);
      await announce(tx, input.userId, thread.threadId);
      const target = { threadId: thread.threadId, userId: input.sellerId };
      await queueNotice(deps.jobs, tx, target, seller?.noticeMailedAt ?? null);
      await pushNewMessage(deps, tx, {
        toUserId: input.sellerId,
        fromUserId: input.userId,
        threadId: thread.threadId,
        messageId: thread.messageId,
      });
    }
    return { status: "ok", ...thread };
  });
}

/**
 * Marks a thread read for the user up to its newest message (not "now": a message written
 * while the page loaded stays new). False when the user is not in the thread.
 */
async function markRead(db: Db, userId: number, threadId: number): Promise<boolean> {
  if (!validId(threadId)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(threadParticipants)
      .set({
        lastReadAt: sql`greatest(${threadParticipants.lastReadAt}, (select max(m.created_at) from messages m where m.thread_id = ${threadId}))`,
      })
      .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)))
      .returning({ threadId: threadParticipants.threadId });
    if (updated.length === 0) return false;
    await announce(tx, userId, threadId);
    return true;
  });
}

/**
 * Deletes a thread from the user's inbox: its messages so far are gone for them (and read); the
 * other participant keeps theirs. A later message brings the thread back with that message.
 */
async function deleteThread(db: Db, userId: number, threadId: number): Promise<boolean> {
  if (!validId(threadId)) return false;
  return db.transaction(async (tx) => {
    const newest = sql`(select max(m.created_at) from messages m where m.thread_id = ${threadId})`;
    const updated = await tx
      .update(threadParticipants)
      .set({
        deletedAt: sql`greatest(now(), ${newest})`,
        lastReadAt: sql`greatest(${threadParticipants.lastReadAt}, ${newest})`,
      })
      .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, userId)))
      .returning({ threadId: threadParticipants.threadId });
    if (updated.length === 0) return false;
    await announce(tx, userId, threadId);
    return true;
  });
}

/** Writing in conversations: replies, first messages from a product page, reading, deleting. */
export function createConversations(deps: ConversationDeps) {
  const { db } = deps;
  return {
    markRead: (userId: number, threadId: number) => markRead(db, userId, threadId),

    /** A reply in a conversation the user takes part in. */
    async send(userId: number, threadId: number, body: string): Promise<SendResult> {
      if (!validId(threadId)) return err("not_found");
      const text = cleanMessage(body);
      const invalid = invalidBody(text);
      if (invalid) return invalid;
      return db.transaction((tx) => reply(deps, tx, userId, threadId, text));
    },

    startThread: (input: Parameters<typeof startThread>[1]) => startThread(deps, input),
    deleteThread: (userId: number, threadId: number) => deleteThread(db, userId, threadId),
  };
}
