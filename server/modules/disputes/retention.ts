import { and, asc, eq, gte, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { DisputePhotoStore } from "./photos.ts";
import {
  dealAppeals,
  dealDisputeMessages,
  dealDisputePhotos,
  dealDisputes,
  type PHOTO_REMOVALS,
} from "./tables.ts";

/**
 * How long a dispute's photos outlive it (GDPR Art. 5(1)(e), storage limitation; ADR 0082). The
 * dispute's record (its texts, the agreement or the operator's decision with its reasons) stays as
 * the deal's record; the photos are evidence, needed only while a claim about the deal can still
 * be made: the buyer's against the seller (defects, a refund), either side's against the operator's
 * decision. Such claims lapse in the Czech general limitation period of 3 years (§ 629 of the Civil
 * Code), which runs at the latest from the dispute's end: every right it is about could be
 * exercised by then. The 2 years of a consumer's claim for defects (§ 2165) would be too short: most
 * deals here are between two private persons, and claims other than for defects run 3 years. The
 * 90 days on top cover a claim filed on the period's last day that reaches us weeks later (and a
 * leap day in the 3 years).
 */
export const DISPUTE_PHOTO_RETENTION_DAYS = 3 * 365 + 90;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Disputes handled per round of the job; a round leaves none of them behind, so the next finds others. */
const BATCH = 100;

export type PhotoRemoval = (typeof PHOTO_REMOVALS)[number];

/**
 * Resolved disputes with photos whose retention ran out before `cutoff`: counted from the dispute's
 * end, or from the answer to an appeal against its decision (ADR 0079), and never while an appeal
 * waits for its answer.
 */
function disputesPastRetention(db: Db, cutoff: Date) {
  const appealKeepsThem = db
    .select({ id: dealAppeals.id })
    .from(dealAppeals)
    .where(
      and(
        eq(dealAppeals.dealId, dealDisputes.dealId),
        or(isNull(dealAppeals.answeredAt), gte(dealAppeals.answeredAt, cutoff)),
      ),
    );
  return db
    .selectDistinct({ disputeId: dealDisputes.id, dealId: dealDisputes.dealId })
    .from(dealDisputes)
    .innerJoin(dealDisputePhotos, eq(dealDisputePhotos.disputeId, dealDisputes.id))
    .where(
      and(
        eq(dealDisputes.status, "resolved"),
        lt(dealDisputes.resolvedAt, cutoff),
        notExists(appealKeepsThem),
      ),
    )
    .orderBy(asc(dealDisputes.id))
    .limit(BATCH);
}

/** Deletes the photos' rows and marks their messages, so the page says the photos were deleted. */
async function forgetPhotos(tx: Db, photoIds: number[], removal: PhotoRemoval, at: Date) {
  if (photoIds.length === 0) return;
  const gone = await tx
    .delete(dealDisputePhotos)
    .where(inArray(dealDisputePhotos.id, photoIds))
    .returning({ messageId: dealDisputePhotos.messageId });
  const messageIds = [...new Set(gone.map((row) => row.messageId))];
  if (messageIds.length === 0) return;
  await tx
    .update(dealDisputeMessages)
    .set({ photosRemoved: removal, photosRemovedAt: at })
    .where(and(inArray(dealDisputeMessages.id, messageIds), isNull(dealDisputeMessages.photosRemoved)));
}

/**
 * The retention job's work (jobs.ts): every resolved dispute past its period loses its photos, the
 * deal's folder first and the rows after, so a crash between them leaves rows the next run finds
 * again (removing a folder already gone is no error). Returns how many disputes lost their photos;
 * a second run finds nothing to do.
 */
export async function removeExpiredPhotos(db: Db, store: DisputePhotoStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DISPUTE_PHOTO_RETENTION_DAYS * DAY_MS);
  let removed = 0;
  for (;;) {
    const due = await disputesPastRetention(db, cutoff);
    for (const { disputeId, dealId } of due) {
      await store.removeDeal(dealId);
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: dealDisputePhotos.id })
          .from(dealDisputePhotos)
          .where(eq(dealDisputePhotos.disputeId, disputeId));
        await forgetPhotos(
          tx,
          rows.map((row) => row.id),
          "retention",
          now,
        );
      });
    }
    removed += due.length;
    if (due.length < BATCH) return removed;
  }
}

/** The files to remove after an account's deletion committed, per deal. */
export type PhotoFiles = { dealId: number; fileNames: string[] };

/**
 * Deleting an account (personal-data.ts), inside its transaction: the photos its user attached in
 * disputes that have ended lose their rows here, and their files are returned for a job the same
 * transaction creates (jobs.ts), so that no file goes while the deletion could still roll back.
 * Photos of a dispute still open stay as its evidence until it ends; then the retention applies.
 */
export async function erasePhotosOf(tx: Db, userId: number, at: Date): Promise<PhotoFiles[]> {
  const rows = await tx
    .select({ id: dealDisputePhotos.id, fileName: dealDisputePhotos.fileName, dealId: dealDisputes.dealId })
    .from(dealDisputePhotos)
    .innerJoin(dealDisputeMessages, eq(dealDisputeMessages.id, dealDisputePhotos.messageId))
    .innerJoin(dealDisputes, eq(dealDisputes.id, dealDisputePhotos.disputeId))
    .where(and(eq(dealDisputeMessages.authorId, userId), eq(dealDisputes.status, "resolved")))
    .orderBy(asc(dealDisputePhotos.id));
  await forgetPhotos(
    tx,
    rows.map((row) => row.id),
    "erasure",
    at,
  );
  const byDeal = new Map<number, string[]>();
  for (const row of rows) byDeal.set(row.dealId, [...(byDeal.get(row.dealId) ?? []), row.fileName]);
  return [...byDeal].map(([dealId, fileNames]) => ({ dealId, fileNames }));
}
