import { getISOWeek, getISOWeekYear } from "date-fns";
import { asc, gt, inArray } from "drizzle-orm";
import type { BottlingsContext } from "./ports.ts";
import { bottlingRecords } from "./records.ts";
import { bottlingDigests, bottlingWatches } from "./tables.ts";

/**
 * The weekly digest of a watched bottling's new results (issue 37, item 6): on Monday morning each
 * user who watches a bottling with results in the past seven days gets one notice listing them.
 * Once per user and ISO week: the digest's row and its notice are written in one transaction,
 * and a retried job finds the row and sends nothing.
 */

const WEEK_MS = 7 * 24 * 3600 * 1000;
/** Watched bottlings looked at per page of the job. */
const PAGE = 500;
/** Results counted per bottling and week (a digest names counts, not every price). */
const RESULTS_PER_BOTTLING = 50;

/** `2026-W48`: the ISO week of `at`. */
export function isoWeek(at: Date): string {
  return `${getISOWeekYear(at)}-W${String(getISOWeek(at)).padStart(2, "0")}`;
}

/** Which watched bottlings had results since `since`, with how many. */
async function bottlingsWithResults(ctx: BottlingsContext, since: Date): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .selectDistinct({ id: bottlingWatches.bottlingId })
      .from(bottlingWatches)
      .where(gt(bottlingWatches.bottlingId, after))
      .orderBy(asc(bottlingWatches.bottlingId))
      .limit(PAGE);
    for (const { id } of page) {
      const results = await ctx.ports.results.resultsOf(id, { limit: RESULTS_PER_BOTTLING, since });
      const recent = results.filter((r) => new Date(r.date).getTime() > since.getTime());
      if (recent.length > 0) found.set(id, recent.length);
    }
    if (page.length < PAGE) return found;
    after = page[page.length - 1].id;
  }
}

/** Sends the week's digests; returns how many went out now. */
export async function sendWeeklyDigests(ctx: BottlingsContext): Promise<number> {
  const now = ctx.now();
  const week = isoWeek(now);
  const withResults = await bottlingsWithResults(ctx, new Date(now.getTime() - WEEK_MS));
  if (withResults.size === 0) return 0;
  const ids = [...withResults.keys()];
  const records = await bottlingRecords(ctx.db, ids);
  const byUser = new Map<number, number[]>();
  const watches = await ctx.db
    .select({ userId: bottlingWatches.userId, bottlingId: bottlingWatches.bottlingId })
    .from(bottlingWatches)
    .where(inArray(bottlingWatches.bottlingId, ids));
  for (const w of watches) byUser.set(w.userId, [...(byUser.get(w.userId) ?? []), w.bottlingId]);
  let sent = 0;
  for (const [userId, bottlingIds] of byUser) {
    const count = bottlingIds.reduce((sum, id) => sum + (withResults.get(id) ?? 0), 0);
    // Both languages' names: the notice is worded in the reader's language when it is shown.
    const names = bottlingIds.map((id) => records.get(id)?.nameCs ?? `#${id}`).join(", ");
    const namesEn = bottlingIds
      .map((id) => records.get(id)?.nameEn || records.get(id)?.nameCs || `#${id}`)
      .join(", ");
    try {
      sent += await ctx.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(bottlingDigests)
          .values({ userId, week, sentAt: now })
          .onConflictDoNothing()
          .returning({ userId: bottlingDigests.userId });
        if (!claimed) return 0;
        await ctx.notifier.notify(tx, userId, "bottling_results", {
          link: { page: "accountWatch" },
          values: { count, names, namesEn },
          onceKey: `bottling-results:${week}`,
        });
        return 1;
      });
    } catch (error) {
      ctx.logger?.warn({ err: error, userId, week }, "bottlings: could not send a weekly digest");
    }
  }
  return sent;
}
