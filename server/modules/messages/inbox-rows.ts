import { type SQL, sql } from "drizzle-orm";
import type { ThreadProduct, ThreadSummary } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { PUBLIC_PAGE_STATUSES } from "#core/lifecycles/listing.ts";
import type { Db } from "#server/db/client.ts";
import { systemText } from "./notice-text.ts";
import type { PersonName, ProductFacts, ProductReads, UserReads } from "./ports.ts";
import { iso, rowsOf } from "./text.ts";

/*
 * The inbox's threads as one user sees them: the rows of the thread list and of a thread's view.
 * The thread rows come from this module's tables in one statement whatever the page size; the
 * products and the other participants are then read by ids from their owners (listings, users).
 */

/** A message from `sender` counts as unread for `me` (the participant row `tp`): newer than the reading, the deletion, and not from someone `me` blocked. */
export const unreadFor = (me: number) => sql`
  (m.sender_id is null or m.sender_id <> ${me})
  and (tp.last_read_at is null or m.created_at > tp.last_read_at)
  and (tp.deleted_at is null or m.created_at > tp.deleted_at)
  and not exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = m.sender_id)`;

/** Threads the user takes part in and did not delete (or that got a message since). */
export const visible = (me: number) =>
  sql`tp.user_id = ${me} and (tp.deleted_at is null or t.last_message_at > tp.deleted_at)`;

type StoredThreadRow = {
  id: number;
  kind: "conversation" | "system";
  role: "seller" | "buyer" | "owner";
  last_read_at: string | Date | null;
  deleted_at: string | Date | null;
  product_id: number | null;
  other_id: number | null;
  blocked: boolean;
  blocked_by_other: boolean;
  last_body: string | null;
  last_event: string | null;
  last_payload: Record<string, unknown> | null;
  last_at: string | Date | null;
  last_sender: number | null;
  unread: number;
};

/** A thread as `me` sees it, with its product and its other participant when they exist. */
export type ThreadRow = Omit<StoredThreadRow, "product_id" | "other_id"> & {
  product: ProductFacts | null;
  other: PersonName | null;
};

/** The thread rows of the list and the view, for `me`; `where` and `tail` pick and order them. */
function threadSelect(me: number, where: SQL, tail: SQL) {
  return sql`
    select t.id, t.kind, tp.role, tp.last_read_at, tp.deleted_at, t.product_id,
      op.user_id as other_id,
      exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = op.user_id) as blocked,
      exists (select 1 from user_blocks b where b.blocker_id = op.user_id and b.blocked_id = ${me}) as blocked_by_other,
      lm.body as last_body, lm.event as last_event, lm.payload as last_payload,
      lm.created_at as last_at, lm.sender_id as last_sender,
      (select count(*)::int from messages m where m.thread_id = t.id and ${unreadFor(me)}) as unread
    from thread_participants tp
    join message_threads t on t.id = tp.thread_id
    left join thread_participants op on op.thread_id = t.id and op.user_id <> ${me}
    left join lateral (
      select m.body, m.event, m.payload, m.created_at, m.sender_id from messages m
      where m.thread_id = t.id and (tp.deleted_at is null or m.created_at > tp.deleted_at)
      order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where ${where} ${tail}`;
}

export type InboxReads = { users: Pick<UserReads, "publicNamesOf">; products: ProductReads };

/** The thread rows of `me` that `where` picks, ordered and paged by `tail`, with products and people. */
export async function loadThreadRows(
  db: Db,
  reads: InboxReads,
  me: number,
  where: SQL,
  tail: SQL = sql``,
): Promise<ThreadRow[]> {
  const stored = rowsOf<StoredThreadRow>(await db.execute(threadSelect(me, where, tail)));
  const productIds = stored.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));
  const otherIds = stored.flatMap((row) => (row.other_id === null ? [] : [row.other_id]));
  const [products, people] = await Promise.all([
    productIds.length > 0 ? reads.products.productSummaries(db, productIds) : new Map<number, ProductFacts>(),
    reads.users.publicNamesOf(db, otherIds),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return stored.map(({ product_id, other_id, ...row }) => ({
    ...row,
    product: product_id === null ? null : (products.get(product_id) ?? null),
    other: other_id === null ? null : (byId.get(other_id) ?? null),
  }));
}

function productOf(product: ProductFacts | null, locale: Locale): ThreadProduct | null {
  if (product === null) return null;
  const en = locale === "en";
  const price =
    product.format === "auction"
      ? product.bidCount > 0
        ? product.currentPriceMinor
        : product.startPriceMinor
      : product.priceMinor;
  return {
    id: product.id,
    name: (en && product.nameEn) || product.nameCs || "",
    url: PUBLIC_PAGE_STATUSES.includes(product.status)
      ? localePath("product", locale, {
          id: product.id,
          category: (en && product.categorySlugEn) || product.categorySlugCs || "",
          product: (en && product.slugEn) || product.slugCs || "",
        })
      : null,
    image: product.image,
    format: product.format,
    status: product.status,
    priceMinor: price === null ? null : Number(price),
    sellerId: product.sellerId,
  };
}

/** A row of the thread list (and the head of a thread's view). */
export function summaryOf(row: ThreadRow, me: number, locale: Locale): ThreadSummary {
  const lastText =
    row.last_body === null
      ? null
      : row.last_sender === null || row.last_event !== null
        ? systemText(locale, row.last_event, row.last_payload, row.last_body)
        : row.last_body;
  return {
    id: row.id,
    kind: row.kind,
    role: row.role,
    product: productOf(row.product, locale),
    other:
      row.kind === "system" || row.other === null
        ? null
        : {
            id: row.other.id,
            username: row.other.deleted ? null : row.other.username,
            avatarFileName: row.other.deleted ? null : row.other.avatarFileName,
          },
    last:
      lastText === null || row.last_at === null
        ? null
        : { text: lastText, at: iso(row.last_at), mine: row.last_sender === me },
    unread: Number(row.unread),
    blocked: Boolean(row.blocked),
  };
}
