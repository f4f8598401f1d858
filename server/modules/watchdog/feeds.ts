import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { validId } from "./input.ts";
import { NEW_FEED_TOKEN, stockWatchdogs } from "./tables.ts";

/**
 * A search watchdog's feed (docs/product/visitor-basics.md, "Feeds"): its URL carries the row's
 * random token and nothing else, so whoever holds the URL (a feed reader, a colleague) learns the
 * search words and never whose they are. Resetting writes a new token: the old URL answers 404.
 * Only search watchdogs have a feed; a category has its public one, a product none.
 */

/** The shape of a token (NEW_FEED_TOKEN): anything else is not looked up at all. */
const TOKEN = /^[0-9a-f]{32}$/;

export function createWatchdogFeeds(db: Db) {
  return {
    /** The search words of the feed with this token, or null (no such token, or not a search). */
    async feedQuery(token: string): Promise<string | null> {
      if (!TOKEN.test(token)) return null;
      const [row] = await db
        .select({ query: stockWatchdogs.query })
        .from(stockWatchdogs)
        .where(and(eq(stockWatchdogs.feedToken, token), eq(stockWatchdogs.kind, "search")))
        .limit(1);
      return row?.query ?? null;
    },

    /** The feed tokens of the user's search watchdogs, by watchdog id (their account page). */
    async feedTokens(userId: number): Promise<Map<number, string>> {
      const rows = await db
        .select({ id: stockWatchdogs.id, token: stockWatchdogs.feedToken })
        .from(stockWatchdogs)
        .where(and(eq(stockWatchdogs.userId, userId), eq(stockWatchdogs.kind, "search")));
      return new Map(rows.map((row) => [row.id, row.token]));
    },

    /** A new token for the user's own search watchdog; false for another's, a missing one or not a search. */
    async resetFeedToken(userId: number, id: number): Promise<boolean> {
      if (!validId(id)) return false;
      const updated = await db
        .update(stockWatchdogs)
        .set({ feedToken: NEW_FEED_TOKEN })
        .where(
          and(
            eq(stockWatchdogs.id, id),
            eq(stockWatchdogs.userId, userId),
            eq(stockWatchdogs.kind, "search"),
          ),
        )
        .returning({ id: stockWatchdogs.id });
      return updated.length > 0;
    },
  };
}
