import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type MessageCounter,
  type NotificationKind,
  type NotificationPreferences,
  THREAD_FILTERS,
  type ThreadFilter,
  type ThreadMessage,
  type ThreadPage,
  type ThreadProduct,
  type ThreadSummary,
  type ThreadView,
} from "#core/contracts/messages.ts";
import { isMessageKey, type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { Logger } from "#server/logger.ts";
import type { ProductFormat, ProductStatus, ProductType } from "../listings/tables/products.ts";
import { greetingName } from "../mail/index.ts";
import { users } from "../users/tables.ts";
import { announce, type Notifier, preferencesOf, productLinks, recipientOf } from "./notifications.ts";
import { messageReports, messages, messageThreads, threadParticipants, userBlocks } from "./tables.ts";
import { startThread as startThreadRows } from "./threads.ts";

// The rows' functions, for the modules that write threads inside their own transactions.
export { addSystemMessage, openProductThread, type SystemMessageInput } from "./threads.ts";
export type { MessageCounter };

/** The job that mails a user about unread messages in one thread (see deliverMessageNotice). */
export const MESSAGE_NOTICE_QUEUE = "message.notice";
/** At most one notice mail per thread and recipient within this window (issue 7). */
export const MESSAGE_NOTICE_WINDOW_MS = 15 * 60 * 1000;
/**
 * A notice waits this long after the first unread message: someone online reads it in the inbox
 * (the bell, the live stream) and gets no mail about what they already saw.
 */
export const MESSAGE_NOTICE_DELAY_MS = 60 * 1000;
export const MESSAGE_MAX = 2000;
export const REPORT_REASON_MAX = 500;
export const THREADS_PAGE_SIZE = 20;
/** The newest messages a thread view shows. */
const THREAD_MESSAGE_LIMIT = 500;
/** How many unread messages a notice mail quotes. */
const NOTICE_QUOTED = 5;

export type MessagesServiceDeps = {
  db: Db;
  jobs: JobRunner;
  notifier: Notifier;
  config: Pick<Config, "publicUrl">;
  /** Whether the user already reviewed the deal about each product (the reviews service). */
  reviewedDeals?: (userId: number, productIds: number[]) => Promise<Set<number>>;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

export type SendResult =
  | { status: "sent"; message: ThreadMessage }
  | { status: "not_found" }
  | { status: "refused"; reason: "blocked" | "gone" | "system" }
  | { status: "invalid"; errors: Record<string, string[]> };

export type StartThreadResult =
  | { status: "ok"; threadId: number; created: boolean; messageId: number | null }
  | { status: "blocked" };

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Plain text as stored: trimmed, Windows line ends made Unix, no control characters but newline and tab. */
export function cleanMessage(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .trim()
  );
}

/** A system message's text in the reader's language, from its kind and data; the stored body otherwise. */
export function systemText(
  locale: Locale,
  event: string | null,
  payload: Record<string, unknown> | null,
  body: string,
): string {
  const variant = typeof payload?.variant === "string" ? `.${payload.variant}` : "";
  const key = `messages.notice.${event}${variant}.message`;
  if (!event || !payload || !isMessageKey(key)) return body;
  const names = payload.names as Partial<Record<Locale, string>> | undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(payload))
    if (typeof value === "string" || typeof value === "number") values[name] = value;
  values.name = names?.[locale] ?? String(payload.productName ?? "");
  const text = translate(locale, key, values);
  // A value the stored data lacks (an older message) would show as `{price}`: keep the stored text.
  return /\{\w+\}/.test(text) ? body : text;
}

type ThreadRow = {
  id: number;
  kind: "conversation" | "system";
  role: "seller" | "buyer" | "owner";
  last_read_at: string | Date | null;
  deleted_at: string | Date | null;
  product_id: number | null;
  name_cs: string | null;
  name_en: string | null;
  slug_cs: string | null;
  slug_en: string | null;
  format: ProductFormat | null;
  type: ProductType | null;
  status: ProductStatus | null;
  price_minor: string | number | null;
  start_price_minor: string | number | null;
  current_price_minor: string | number | null;
  bid_count: number | null;
  seller_id: number | null;
  winner_id: number | null;
  category_slug_cs: string | null;
  category_slug_en: string | null;
  image_path: string | null;
  image_file_name: string | null;
  other_id: number | null;
  other_username: string | null;
  other_avatar: string | null;
  other_deleted: boolean | null;
  blocked: boolean;
  blocked_by_other: boolean;
  last_body: string | null;
  last_event: string | null;
  last_payload: Record<string, unknown> | null;
  last_at: string | Date | null;
  last_sender: number | null;
  unread: number;
};

/** Product pages that visitors may open (the others have no public URL). */
const PUBLIC_STATUSES = new Set<ProductStatus>([
  "active",
  "scheduled",
  "awaiting_payment",
  "ended",
  "sold",
  "cancelled",
]);

export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, jobs, notifier, config } = deps;

  /** A message from `sender` counts as unread for `me` (the participant row `tp`): newer than the reading, the deletion, and not from someone `me` blocked. */
  const unreadFor = (me: number) => sql`
    (m.sender_id is null or m.sender_id <> ${me})
    and (tp.last_read_at is null or m.created_at > tp.last_read_at)
    and (tp.deleted_at is null or m.created_at > tp.deleted_at)
    and not exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = m.sender_id)`;

  /** The thread rows of the list and the view: one statement, whatever the page size. */
  function threadSelect(me: number) {
    return sql`
      select t.id, t.kind, tp.role, tp.last_read_at, tp.deleted_at,
        p.id as product_id, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.format, p.type, p.status,
        p.price_minor, p.start_price_minor, p.current_price_minor, p.bid_count, p.seller_id, p.winner_id,
        c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
        img.path as image_path, img.file_name as image_file_name,
        o.id as other_id, o.username as other_username, o.avatar_file_name as other_avatar,
        (o.deleted_at is not null) as other_deleted,
        exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = o.id) as blocked,
        exists (select 1 from user_blocks b where b.blocker_id = o.id and b.blocked_id = ${me}) as blocked_by_other,
        lm.body as last_body, lm.event as last_event, lm.payload as last_payload,
        lm.created_at as last_at, lm.sender_id as last_sender,
        (select count(*)::int from messages m where m.thread_id = t.id and ${unreadFor(me)}) as unread
      from thread_participants tp
      join message_threads t on t.id = tp.thread_id
      left join thread_participants op on op.thread_id = t.id and op.user_id <> ${me}
      left join users o on o.id = op.user_id
      left join products p on p.id = t.product_id
      left join categories c on c.id = p.category_id
      left join lateral (
        select i.path, i.file_name from product_images i where i.product_id = p.id
        order by i.position, i.id limit 1
      ) img on true
      left join lateral (
        select m.body, m.event, m.payload, m.created_at, m.sender_id from messages m
        where m.thread_id = t.id and (tp.deleted_at is null or m.created_at > tp.deleted_at)
        order by m.created_at desc, m.id desc limit 1
      ) lm on true`;
  }

  /** Threads the user takes part in and did not delete (or that got a message since). */
  const visible = (me: number) =>
    sql`tp.user_id = ${me} and (tp.deleted_at is null or t.last_message_at > tp.deleted_at)`;

  function filterCondition(filter: ThreadFilter, me: number) {
    switch (filter) {
      case "unread":
        return sql`exists (select 1 from messages m where m.thread_id = t.id and ${unreadFor(me)})`;
      case "buying":
        return sql`tp.role = 'buyer'`;
      case "selling":
        return sql`tp.role = 'seller'`;
      case "system":
        return sql`t.kind = 'system'`;
      default:
        return sql`true`;
    }
  }

  function productOf(row: ThreadRow, locale: Locale): ThreadProduct | null {
    if (row.product_id === null || row.format === null || row.status === null) return null;
    const en = locale === "en";
    const name = (en && row.name_en) || row.name_cs || "";
    const auction = row.format === "auction";
    const price = auction
      ? (row.bid_count ?? 0) > 0
        ? row.current_price_minor
        : row.start_price_minor
      : row.price_minor;
    return {
      id: row.product_id,
      name,
      url: PUBLIC_STATUSES.has(row.status)
        ? localePath("product", locale, {
            id: row.product_id,
            category: (en && row.category_slug_en) || row.category_slug_cs || "",
            product: (en && row.slug_en) || row.slug_cs || "",
          })
        : null,
      image: row.image_file_name
        ? `${String(row.image_path).replace(/\/+$/, "")}/${row.image_file_name}`
        : null,
      format: row.format,
      status: row.status,
      priceMinor: price === null ? null : Number(price),
      sellerId: row.seller_id,
    };
  }

  function summaryOf(row: ThreadRow, me: number, locale: Locale): ThreadSummary {
    const lastText =
      row.last_body === null
        ? null
        : row.last_sender === null
          ? systemText(locale, row.last_event, row.last_payload, row.last_body)
          : row.last_body;
    return {
      id: row.id,
      kind: row.kind,
      role: row.role,
      product: productOf(row, locale),
      other:
        row.kind === "system" || row.other_id === null
          ? null
          : {
              id: row.other_id,
              username: row.other_deleted ? null : row.other_username,
              avatarFileName: row.other_deleted ? null : row.other_avatar,
            },
      last:
        lastText === null || row.last_at === null
          ? null
          : { text: lastText, at: iso(row.last_at), mine: row.last_sender === me },
      unread: Number(row.unread),
      blocked: Boolean(row.blocked),
    };
  }

  /** The participant rows of a thread, locked for the rest of the transaction. */
  async function participants(tx: Db, threadId: number) {
    const rows = await tx
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
    return rows;
  }

  async function blockedBetween(executor: Db, a: number, b: number): Promise<boolean> {
    const rows = rowsOf<{ one: number }>(
      await executor.execute(sql`
        select 1 as one from user_blocks
        where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
        limit 1`),
    );
    return rows.length > 0;
  }

  /**
   * Queues the notice mail about unread messages in a thread for its recipient: the job is keyed by
   * thread and recipient on a `stately` queue (one waiting, one running), so a burst of messages
   * queues one job; it waits a minute, or until the recipient's 15-minute window ends.
   */
  async function queueNotice(tx: Db, threadId: number, userId: number, noticeMailedAt: Date | null) {
    const now = Date.now();
    const at = Math.max(
      now + MESSAGE_NOTICE_DELAY_MS,
      (noticeMailedAt?.getTime() ?? 0) + MESSAGE_NOTICE_WINDOW_MS,
    );
    await jobs.send(
      MESSAGE_NOTICE_QUEUE,
      { threadId, userId },
      { startAfter: new Date(at), singletonKey: `thread-${threadId}-user-${userId}`, tx },
    );
  }

  async function loadThreadRow(me: number, threadId: number): Promise<ThreadRow | null> {
    if (!Number.isSafeInteger(threadId) || threadId <= 0 || threadId > 2_147_483_647) return null;
    const [row] = rowsOf<ThreadRow>(
      await db.execute(sql`${threadSelect(me)} where tp.user_id = ${me} and t.id = ${threadId} limit 1`),
    );
    return row ?? null;
  }

  const service = {
    notifier,

    /**
     * The header bell's counts (docs/decisions/0001): `total` messages the user received (from
     * others or the system), `new` those not yet read, `system` unread system messages. Messages in
     * threads the user deleted (up to the deletion) count nowhere; messages from users they blocked
     * are not new.
     */
    async counter(userId: number): Promise<MessageCounter> {
      const [row] = rowsOf<MessageCounter>(
        await db.execute(sql`
          select count(*)::int as total,
            count(*) filter (where ${unreadFor(userId)})::int as new,
            count(*) filter (where ${unreadFor(userId)} and t.kind = 'system')::int as system
          from thread_participants tp
          join message_threads t on t.id = tp.thread_id
          join messages m on m.thread_id = tp.thread_id
          where tp.user_id = ${userId}
            and (m.sender_id is null or m.sender_id <> ${userId})
            and (tp.deleted_at is null or m.created_at > tp.deleted_at)`),
      );
      return { total: Number(row?.total ?? 0), new: Number(row?.new ?? 0), system: Number(row?.system ?? 0) };
    },

    /** The inbox's thread list, newest activity first. */
    async threads(
      userId: number,
      options: { filter?: ThreadFilter; page?: number; productId?: number | null },
      locale: Locale,
    ): Promise<ThreadPage> {
      const filter = options.filter && THREAD_FILTERS.includes(options.filter) ? options.filter : "all";
      const productId =
        options.productId &&
        Number.isSafeInteger(options.productId) &&
        options.productId > 0 &&
        options.productId <= 2_147_483_647
          ? options.productId
          : null;
      const where = sql`${visible(userId)} and ${filterCondition(filter, userId)}${
        productId === null ? sql`` : sql` and t.product_id = ${productId}`
      }`;
      const [counted] = rowsOf<{ total: number }>(
        await db.execute(sql`
          select count(*)::int as total from thread_participants tp
          join message_threads t on t.id = tp.thread_id where ${where}`),
      );
      const total = Number(counted?.total ?? 0);
      const pages = Math.max(1, Math.ceil(total / THREADS_PAGE_SIZE));
      const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pages);
      const rows = rowsOf<ThreadRow>(
        await db.execute(sql`${threadSelect(userId)} where ${where}
          order by t.last_message_at desc, t.id desc
          limit ${THREADS_PAGE_SIZE} offset ${(page - 1) * THREADS_PAGE_SIZE}`),
      );
      return {
        items: rows.map((row) => summaryOf(row, userId, locale)),
        filter,
        productId,
        page,
        pages,
        total,
      };
    },

    /**
     * One thread with its messages, for a participant only (null otherwise: the caller cannot
     * tell another user's thread from a missing one). Reading does not mark it read: see markRead.
     */
    async thread(userId: number, threadId: number, locale: Locale): Promise<ThreadView | null> {
      const row = await loadThreadRow(userId, threadId);
      if (!row) return null;
      const rows = rowsOf<{
        id: number;
        sender_id: number | null;
        body: string;
        event: string | null;
        payload: Record<string, unknown> | null;
        created_at: string | Date;
        reported: boolean;
      }>(
        await db.execute(sql`
          select * from (
            select m.id, m.sender_id, m.body, m.event, m.payload, m.created_at,
              exists (select 1 from message_reports r where r.message_id = m.id and r.reporter_id = ${userId}) as reported
            from messages m
            where m.thread_id = ${threadId}
              ${row.deleted_at === null ? sql`` : sql`and m.created_at > ${iso(row.deleted_at)}::timestamptz`}
            order by m.created_at desc, m.id desc
            limit ${THREAD_MESSAGE_LIMIT}
          ) newest order by created_at, id`),
      );
      // Older system messages stored a product id without the link: build those links at once.
      const missing = rows
        .map((message) => message.payload)
        .filter((payload) => payload && !payload.href && typeof payload.productId === "number")
        .map((payload) => payload!.productId as number);
      const links = await productLinks(db, missing);
      const readUntil = row.last_read_at === null ? null : new Date(row.last_read_at).getTime();
      const summary = summaryOf(row, userId, locale);
      const product = summary.product;
      const otherGone = row.kind === "conversation" && (row.other_id === null || Boolean(row.other_deleted));
      let deal: ThreadView["deal"] = null;
      if (row.kind === "conversation" && product && row.other_id !== null) {
        const buyerId = row.role === "buyer" ? userId : row.other_id;
        const done = product.status === "sold" && row.winner_id !== null && row.winner_id === buyerId;
        const reviewed =
          done && deps.reviewedDeals
            ? (await deps.reviewedDeals(userId, [product.id])).has(product.id)
            : false;
        deal = {
          done,
          canReview: done && !reviewed && !otherGone,
          reviewed,
          canMarkSold:
            row.role === "seller" &&
            product.format === "classified" &&
            product.status === "active" &&
            !otherGone,
        };
      }
      return {
        ...summary,
        messages: rows.map((message) => {
          const payload = message.payload;
          const href = payload?.href as Partial<Record<Locale, string>> | undefined;
          const fallback = typeof payload?.productId === "number" ? links.get(payload.productId) : undefined;
          return {
            id: message.id,
            senderId: message.sender_id,
            mine: message.sender_id === userId,
            text:
              message.sender_id === null
                ? systemText(locale, message.event, payload, message.body)
                : message.body,
            event: message.event,
            link: message.sender_id === null ? (href?.[locale] ?? fallback?.href[locale] ?? null) : null,
            at: iso(message.created_at),
            unread:
              message.sender_id !== userId &&
              (readUntil === null || new Date(message.created_at).getTime() > readUntil),
            reported: Boolean(message.reported),
          };
        }),
        canReply: row.kind === "conversation" && !otherGone && !row.blocked && !row.blocked_by_other,
        blockedByOther: Boolean(row.blocked_by_other),
        deal,
      };
    },

    /**
     * Marks a thread read for the user up to its newest message (not "now": a message written
     * while the page loaded stays new). False when the user is not in the thread.
     */
    async markRead(userId: number, threadId: number): Promise<boolean> {
      if (!Number.isSafeInteger(threadId) || threadId <= 0 || threadId > 2_147_483_647) return false;
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
    },

    /** A reply in a conversation the user takes part in. */
    async send(userId: number, threadId: number, body: string, locale: Locale): Promise<SendResult> {
      if (!Number.isSafeInteger(threadId) || threadId <= 0 || threadId > 2_147_483_647)
        return { status: "not_found" };
      const text = cleanMessage(body);
      if (text === "")
        return { status: "invalid", errors: { body: [translate(locale, "validation.required")] } };
      if (text.length > MESSAGE_MAX)
        return {
          status: "invalid",
          errors: { body: [translate(locale, "validation.max", { length: MESSAGE_MAX })] },
        };
      return db.transaction(async (tx): Promise<SendResult> => {
        const people = await participants(tx, threadId);
        const me = people.find((person) => person.userId === userId);
        if (!me) return { status: "not_found" };
        if (me.kind !== "conversation") return { status: "refused", reason: "system" };
        const other = people.find((person) => person.userId !== userId);
        const recipient = other ? await recipientOf(tx, other.userId) : null;
        if (!other || !recipient || recipient.deleted) return { status: "refused", reason: "gone" };
        if (await blockedBetween(tx, userId, other.userId)) return { status: "refused", reason: "blocked" };
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
        await queueNotice(tx, threadId, other.userId, other.noticeMailedAt);
        return {
          status: "sent",
          message: {
            id: message.id,
            senderId: userId,
            mine: true,
            text,
            event: null,
            link: null,
            at: message.createdAt.toISOString(),
            unread: false,
            reported: false,
          },
        };
      });
    },

    /**
     * "Write to the seller" / "I have this": the conversation about a product between its seller
     * and the user (found or opened), with the user's first message when given. The listings
     * module checks the product; this refuses when either of the two blocked the other.
     */
    async startThread(input: {
      productId: number;
      sellerId: number;
      userId: number;
      body?: string | null;
    }): Promise<StartThreadResult> {
      return db.transaction(async (tx): Promise<StartThreadResult> => {
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
          await queueNotice(tx, thread.threadId, input.sellerId, seller?.noticeMailedAt ?? null);
        }
        return { status: "ok", ...thread };
      });
    },

    /**
     * Deletes a thread from the user's inbox: its messages so far are gone for them (and read); the
     * other participant keeps theirs. A later message brings the thread back with that message.
     */
    async deleteThread(userId: number, threadId: number): Promise<boolean> {
      if (!Number.isSafeInteger(threadId) || threadId <= 0 || threadId > 2_147_483_647) return false;
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
    },

    /**
     * Blocks another user: neither can write to the other from now on (docs/decisions/0008), and
     * their messages stop counting as new. False for oneself or an unknown user.
     */
    async block(userId: number, otherId: number): Promise<boolean> {
      if (!Number.isSafeInteger(otherId) || otherId <= 0 || otherId > 2_147_483_647 || otherId === userId)
        return false;
      return db.transaction(async (tx) => {
        const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.id, otherId)).limit(1);
        if (!other) return false;
        await tx.insert(userBlocks).values({ blockerId: userId, blockedId: otherId }).onConflictDoNothing();
        await announce(tx, userId, null);
        return true;
      });
    },

    async unblock(userId: number, otherId: number): Promise<boolean> {
      if (!Number.isSafeInteger(otherId) || otherId <= 0 || otherId > 2_147_483_647) return false;
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherId)))
          .returning({ id: userBlocks.blockedId });
        if (removed.length > 0) await announce(tx, userId, null);
        return removed.length > 0;
      });
    },

    /**
     * Reports a message from someone else in one of the user's threads to the operator (once per
     * user and message; the message is flagged for the back office).
     */
    async report(
      userId: number,
      messageId: number,
      reason: string,
    ): Promise<"reported" | "not_found" | "own"> {
      if (!Number.isSafeInteger(messageId) || messageId <= 0 || messageId > 2_147_483_647) return "not_found";
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ senderId: messages.senderId })
          .from(messages)
          .innerJoin(
            threadParticipants,
            and(eq(threadParticipants.threadId, messages.threadId), eq(threadParticipants.userId, userId)),
          )
          .where(eq(messages.id, messageId))
          .limit(1);
        if (!row) return "not_found";
        if (row.senderId === null || row.senderId === userId) return "own";
        await tx
          .insert(messageReports)
          .values({ messageId, reporterId: userId, reason: cleanMessage(reason).slice(0, REPORT_REASON_MAX) })
          .onConflictDoNothing();
        await tx
          .update(messages)
          .set({ reportedAt: sql`now()` })
          .where(and(eq(messages.id, messageId), isNull(messages.reportedAt)));
        return "reported";
      });
    },

    /**
     * The notice job: mails the recipient the messages of the thread they have not read and were
     * not mailed about, at most once per 15 minutes per thread, under the participant row's lock
     * (a repeated or concurrent job finds the mark and mails nothing). Returns what it did.
     */
    async deliverMessageNotice(
      input: { threadId: number; userId: number },
      now = new Date(),
    ): Promise<"mailed" | "deferred" | "nothing"> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            lastReadAt: threadParticipants.lastReadAt,
            deletedAt: threadParticipants.deletedAt,
            noticeMailedAt: threadParticipants.noticeMailedAt,
            productId: messageThreads.productId,
          })
          .from(threadParticipants)
          .innerJoin(messageThreads, eq(messageThreads.id, threadParticipants.threadId))
          .where(
            and(eq(threadParticipants.threadId, input.threadId), eq(threadParticipants.userId, input.userId)),
          )
          .for("update", { of: threadParticipants });
        if (!row) return "nothing";
        if (row.noticeMailedAt && now.getTime() - row.noticeMailedAt.getTime() < MESSAGE_NOTICE_WINDOW_MS) {
          const unread = await unreadSince(tx, input, row);
          if (unread.length === 0) return "nothing";
          await queueNotice(tx, input.threadId, input.userId, row.noticeMailedAt);
          return "deferred";
        }
        const unread = await unreadSince(tx, input, row);
        if (unread.length === 0) return "nothing";
        const user = await recipientOf(tx, input.userId);
        if (!user || user.deleted) return "nothing";
        await tx
          .update(threadParticipants)
          .set({ noticeMailedAt: now })
          .where(
            and(eq(threadParticipants.threadId, input.threadId), eq(threadParticipants.userId, input.userId)),
          );
        if (user.preferences.message === false) return "nothing";
        const product = row.productId
          ? (await productLinks(tx, [row.productId])).get(row.productId)
          : undefined;
        const sender = unread[unread.length - 1].username ?? translate(user.locale, "messages.formerUser");
        const values = {
          person: greetingName(user),
          sender,
          name: product?.name[user.locale] ?? "",
          count: unread.length,
        };
        const t = (key: string) => translate(user.locale, `messages.mail.newMessage.${key}`, values);
        const quoted = unread.slice(-NOTICE_QUOTED).map((message) => {
          const text = message.body.length > 500 ? `${message.body.slice(0, 500)}…` : message.body;
          return `${message.username ?? "?"}: „${text}“`;
        });
        await notifier.sendMail(tx, user, "message", {
          subject: t("subject"),
          paragraphs: [
            translate(user.locale, "messages.mail.greeting", values),
            unread.length > NOTICE_QUOTED ? t("textMore") : t("text"),
            ...quoted,
          ],
          action: {
            label: t("button"),
            url:
              config.publicUrl +
              localePath("accountMessageThread", user.locale, { threadId: input.threadId }),
          },
          closing: [translate(user.locale, "messages.mail.signature")],
        });
        return "mailed";
      });
    },

    /** Which kinds also go out by e-mail for the user. */
    async preferences(userId: number): Promise<NotificationPreferences> {
      const [row] = await db
        .select({ preferences: users.notificationPreferences })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return preferencesOf(row?.preferences);
    },

    /** Saves the switches given (others stay as they were); returns all of them. */
    async savePreferences(
      userId: number,
      changes: Partial<Record<NotificationKind, boolean>>,
    ): Promise<NotificationPreferences> {
      const clean = Object.fromEntries(
        Object.entries(changes).filter(([kind, on]) => typeof on === "boolean" && kind in preferencesOf({})),
      );
      const [row] = await db
        .update(users)
        .set({
          notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(clean)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning({ preferences: users.notificationPreferences });
      return preferencesOf(row?.preferences);
    },

    /**
     * The one-click unsubscribe of a notice mail: switches the token's kind off for its user, no
     * login needed. Null for a token we did not sign (or a deleted account).
     */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind; email: string } | null> {
      const target = await notifier.verifyToken(token);
      if (!target) return null;
      const [row] = await db
        .update(users)
        .set({
          notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify({ [target.kind]: false })}::jsonb`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, target.userId), isNull(users.deletedAt)))
        .returning({ email: users.email });
      return row ? { kind: target.kind, email: row.email } : null;
    },

    /** Users the caller blocked (the inbox shows and undoes them). */
    async blockedUsers(userId: number): Promise<{ id: number; username: string }[]> {
      return db
        .select({ id: users.id, username: users.username })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId))
        .orderBy(users.username);
    },
  };

  /** The thread's messages from others the recipient has neither read nor been mailed about. */
  async function unreadSince(
    tx: Db,
    input: { threadId: number; userId: number },
    row: { lastReadAt: Date | null; deletedAt: Date | null; noticeMailedAt: Date | null },
  ) {
    const since = new Date(
      Math.max(
        0,
        ...[row.lastReadAt, row.deletedAt, row.noticeMailedAt].map((value) => value?.getTime() ?? 0),
      ),
    );
    return rowsOf<{ body: string; username: string | null }>(
      await tx.execute(sql`
        select m.body, case when u.deleted_at is null then u.username end as username
        from messages m left join users u on u.id = m.sender_id
        where m.thread_id = ${input.threadId} and m.sender_id is not null and m.sender_id <> ${input.userId}
          and m.created_at > ${since.toISOString()}::timestamptz
          and not exists (select 1 from user_blocks b where b.blocker_id = ${input.userId} and b.blocked_id = m.sender_id)
        order by m.created_at, m.id`),
    );
  }

  return service;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
