import { sql } from "drizzle-orm";
import {
  type MessageCounter,
  THREAD_FILTERS,
  type ThreadFilter,
  type ThreadPage,
} from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { type InboxReads, loadThreadRows, summaryOf, unreadFor, visible } from "./inbox-rows.ts";
import { rowsOf, validId } from "./text.ts";

export const THREADS_PAGE_SIZE = 20;

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

/** The header bell's counts and the inbox's thread list. */
export function createInbox(deps: { db: Db } & InboxReads) {
  const { db } = deps;
  return {
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
      const productId = options.productId && validId(options.productId) ? options.productId : null;
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
      const rows = await loadThreadRows(
        db,
        deps,
        userId,
        where,
        sql`order by t.last_message_at desc, t.id desc
          limit ${THREADS_PAGE_SIZE} offset ${(page - 1) * THREADS_PAGE_SIZE}`,
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
  };
}
