import { asc, eq } from "drizzle-orm";
import { disputePhotoUrl } from "#core/contracts/deals.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { PHOTO_FILES_QUEUE } from "./jobs.ts";
import { erasePhotosOf } from "./retention.ts";
import { dealDisputeMessages, dealDisputePhotos, dealDisputes } from "./tables.ts";

/**
 * What the user wrote in deals' disputes, for the data export (issue 35): each text with its
 * deal, the dispute's reason and when. They stay when the account is deleted (the author is
 * forgotten by the messages' `set null`), as the deal's record of what was decided.
 *
 * The photos they attached (`disputePhotos`): the export is one JSON file and carries no files,
 * so each photo is listed with its deal, its dispute and when, and a link the user opens signed in
 * (the photo route serves it to the deal's two sides). Deleting the account deletes the photos
 * they attached in disputes that have ended (ADR 0082): the rows in its transaction, the files by
 * a job that transaction creates; the photos of a dispute still open wait for its retention.
 */
export function createDisputesPersonalData(
  db: Db,
  deps: { publicUrl: string; jobs: Pick<JobRunner, "send"> },
): PersonalDataSource {
  return {
    name: "disputes",
    async exportFor({ userId }) {
      const [disputeTexts, photos] = await Promise.all([
        db
          .select({
            dealId: dealDisputes.dealId,
            reason: dealDisputes.reason,
            role: dealDisputeMessages.role,
            text: dealDisputeMessages.body,
            createdAt: dealDisputeMessages.createdAt,
          })
          .from(dealDisputeMessages)
          .innerJoin(dealDisputes, eq(dealDisputes.id, dealDisputeMessages.disputeId))
          .where(eq(dealDisputeMessages.authorId, userId))
          .orderBy(asc(dealDisputeMessages.id)),
        db
          .select({
            id: dealDisputePhotos.id,
            dealId: dealDisputes.dealId,
            disputeId: dealDisputes.id,
            reason: dealDisputes.reason,
            role: dealDisputeMessages.role,
            uploadedAt: dealDisputePhotos.createdAt,
            width: dealDisputePhotos.width,
            height: dealDisputePhotos.height,
          })
          .from(dealDisputePhotos)
          .innerJoin(dealDisputeMessages, eq(dealDisputeMessages.id, dealDisputePhotos.messageId))
          .innerJoin(dealDisputes, eq(dealDisputes.id, dealDisputePhotos.disputeId))
          .where(eq(dealDisputeMessages.authorId, userId))
          .orderBy(asc(dealDisputePhotos.id)),
      ]);
      const disputePhotos = photos.map(({ id, ...photo }) => ({
        ...photo,
        format: "image/webp",
        url: `${deps.publicUrl}${disputePhotoUrl(photo.dealId, id)}`,
      }));
      return { disputeTexts, disputePhotos };
    },
    async eraseFor(tx, { userId, at }) {
      const files = await erasePhotosOf(tx, userId, at);
      for (const deal of files) await deps.jobs.send(PHOTO_FILES_QUEUE, deal, { tx });
      const count = files.reduce((sum, deal) => sum + deal.fileNames.length, 0);
      return count > 0 ? { disputePhotosDeleted: count } : undefined;
    },
  };
}
