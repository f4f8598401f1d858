import { sql } from "drizzle-orm";
import type { ThreadMessage, ThreadSummary, ThreadView } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type InboxReads, loadThreadRows, summaryOf, type ThreadRow } from "./inbox-rows.ts";
import { systemText } from "./notice-text.ts";
import { type ProductLink, productLinks } from "./product-links.ts";
import { iso, rowsOf, validId } from "./text.ts";

/** The newest messages a thread view shows. */
const THREAD_MESSAGE_LIMIT = 500;

type MessageRow = {
  id: number;
  sender_id: number | null;
  body: string;
  event: string | null;
  payload: Record<string, unknown> | null;
  created_at: string | Date;
  reported: boolean;
};

export type ThreadViewDeps = {
  db: Db;
  /** Whether the user already reviewed the deal about each product (the reviews service). */
  reviewedDeals?: (userId: number, productIds: number[]) => Promise<Set<number>>;
} & InboxReads;

/** The thread's newest messages the user has not deleted, oldest first, with whether they reported each. */
async function loadMessages(db: Db, me: number, threadId: number, row: ThreadRow): Promise<MessageRow[]> {
  return rowsOf<MessageRow>(
    await db.execute(sql`
      select * from (
        select m.id, m.sender_id, m.body, m.event, m.payload, m.created_at,
          exists (select 1 from message_reports r where r.message_id = m.id and r.reporter_id = ${me}) as reported
        from messages m
        where m.thread_id = ${threadId}
          ${row.deleted_at === null ? sql`` : sql`and m.created_at > ${iso(row.deleted_at)}::timestamptz`}
        order by m.created_at desc, m.id desc
        limit ${THREAD_MESSAGE_LIMIT}
      ) newest order by created_at, id`),
  );
}

/** What the deal about the thread's product allows: rating the other side, marking it sold. */
async function dealOf(
  deps: ThreadViewDeps,
  me: number,
  row: ThreadRow,
  product: ThreadSummary["product"],
): Promise<ThreadView["deal"]> {
  if (row.kind !== "conversation" || !product || row.other === null) return null;
  const otherGone = row.other.deleted;
  const buyerId = row.role === "buyer" ? me : row.other.id;
  const winnerId = row.product?.winnerId ?? null;
  const done = product.status === "sold" && winnerId !== null && winnerId === buyerId;
  const reviewed =
    done && deps.reviewedDeals ? (await deps.reviewedDeals(me, [product.id])).has(product.id) : false;
  return {
    done,
    canReview: done && !reviewed && !otherGone,
    reviewed,
    canMarkSold:
      row.role === "seller" && product.format === "classified" && product.status === "active" && !otherGone,
  };
}

function messageView(
  message: MessageRow,
  me: number,
  locale: Locale,
  readUntil: number | null,
  links: Map<number, ProductLink>,
): ThreadMessage {
  const payload = message.payload;
  const href = payload?.href as Partial<Record<Locale, string>> | undefined;
  const fallback = typeof payload?.productId === "number" ? links.get(payload.productId) : undefined;
  return {
    id: message.id,
    senderId: message.sender_id,
    mine: message.sender_id === me,
    text:
      message.sender_id === null || message.event !== null
        ? systemText(locale, message.event, payload, message.body)
        : message.body,
    event: message.event,
    link: message.sender_id === null ? (href?.[locale] ?? fallback?.href[locale] ?? null) : null,
    at: iso(message.created_at),
    unread:
      message.sender_id !== me && (readUntil === null || new Date(message.created_at).getTime() > readUntil),
    reported: Boolean(message.reported),
    ...(typeof payload?.requestId === "number" ? { requestId: payload.requestId } : {}),
  };
}

/**
 * One thread with its messages, for a participant only (null otherwise: the caller cannot tell
 * another user's thread from a missing one). Reading does not mark it read: see markRead.
 */
export async function threadView(
  deps: ThreadViewDeps,
  userId: number,
  threadId: number,
  locale: Locale,
): Promise<ThreadView | null> {
  if (!validId(threadId)) return null;
  const [row] = await loadThreadRows(
    deps.db,
    deps,
    userId,
    sql`tp.user_id = ${userId} and t.id = ${threadId}`,
    sql`limit 1`,
  );
  if (!row) return null;
  const rows = await loadMessages(deps.db, userId, threadId, row);
  // Older system messages stored a product id without the link: build those links at once.
  const missing = rows
    .map((message) => message.payload)
    .filter((payload) => payload && !payload.href && typeof payload.productId === "number")
    .map((payload) => payload!.productId as number);
  const links = await productLinks(deps.products, deps.db, missing);
  const readUntil = row.last_read_at === null ? null : new Date(row.last_read_at).getTime();
  const summary = summaryOf(row, userId, locale);
  const otherGone = row.kind === "conversation" && (row.other === null || row.other.deleted);
  return {
    ...summary,
    messages: rows.map((message) => messageView(message, userId, locale, readUntil, links)),
    canReply: row.kind === "conversation" && !otherGone && !row.blocked && !row.blocked_by_other,
    blockedByOther: Boolean(row.blocked_by_other),
    deal: await dealOf(deps, userId, row, summary.product),
  };
}
