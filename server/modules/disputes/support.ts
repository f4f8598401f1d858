import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { AdminDisputeRow } from "#core/contracts/admin-deal-support.ts";
import type { Locale } from "#core/i18n/index.ts";
import { err, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { dealCardsOf } from "../deal-admin/index.ts";
import { dealSidesOf } from "../deals/index.ts";
import { createUploadLimiter, type UploadLimiter } from "../media/index.ts";
import {
  type DisputePhotoStore,
  encodeDisputePhotos,
  type PhotoProblem,
  type StoredPhoto,
} from "./photos.ts";
import { photoRecord } from "./reads.ts";
import { dealDisputes } from "./tables.ts";

/**
 * The dispute photos' way in and out, and the operator's queue (issue 35, items 6 and 9). A
 * message's photos are checked and stored before its transaction and removed again when the step is
 * refused; a photo is read back only for a side of its deal or staff with the `deals` scope.
 */

export type PhotoRefusal = "invalid_photo" | "too_many_uploads";
export type PhotoDetails = { problem?: PhotoProblem; retryAfterSeconds?: number };

/** Who asks for a photo: a signed-in user, and whether they are staff with the `deals` scope. */
export type PhotoViewer = { userId: number; dealsStaff: boolean };

export function createDisputeSupport(deps: {
  db: Db;
  photos: DisputePhotoStore | null;
  uploads?: UploadLimiter;
}) {
  const { db, photos } = deps;
  const uploads = deps.uploads ?? createUploadLimiter();
  return {
    withPhotos: <T, C extends string>(
      dealId: number,
      userId: number,
      files: readonly Uint8Array[],
      run: (stored: StoredPhoto[]) => Promise<Result<T, C>>,
    ) => withPhotos({ photos, uploads }, { dealId, userId, files }, run),

    /** A photo's bytes for a side of the deal or staff with `deals`; null for anyone else (404). */
    async photo(dealId: number, photoId: number, viewer: PhotoViewer): Promise<Buffer | null> {
      if (!photos) return null;
      const record = await photoRecord(db, dealId, photoId);
      if (!record) return null;
      if (!viewer.dealsStaff) {
        const sides = await dealSidesOf(db, dealId);
        if (!sides || (sides.buyerId !== viewer.userId && sides.sellerId !== viewer.userId)) return null;
      }
      return photos.read(dealId, record.fileName);
    },

    /** Open, escalated and returning disputes: the escalated first, then by the answer deadline. */
    async queue(locale: Locale): Promise<AdminDisputeRow[]> {
      const rows = await db
        .select()
        .from(dealDisputes)
        .where(inArray(dealDisputes.status, ["open", "escalated", "returning"]))
        .orderBy(
          desc(eq(dealDisputes.status, "escalated")),
          asc(dealDisputes.escalatableAt),
          asc(dealDisputes.id),
        )
        .limit(500);
      const cards = await dealCardsOf(
        db,
        rows.map((row) => row.dealId),
        locale,
      );
      return rows.map((row) => {
        const card = cards.get(row.dealId);
        return {
          dealId: row.dealId,
          status: row.status as AdminDisputeRow["status"],
          reason: row.reason,
          productName: card?.productName ?? `#${row.dealId}`,
          buyer: card?.buyer ?? null,
          seller: card?.seller ?? null,
          totalMinor: card?.totalMinor ?? 0,
          pickup: card?.pickup ?? false,
          openedAt: row.createdAt.toISOString(),
          escalatableAt: row.escalatableAt.toISOString(),
          escalatedAt: row.escalatedAt?.toISOString() ?? null,
        };
      });
    },

    /** The dashboard's queue: disputes handed to the operator and not decided yet. */
    async escalatedCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(dealDisputes)
        .where(and(eq(dealDisputes.status, "escalated")));
      return Number(row?.n ?? 0);
    },
  };
}

export type DisputeSupport = ReturnType<typeof createDisputeSupport>;

/**
 * Runs a step with the message's photos checked and stored first; refused photos refuse the step,
 * and a refused step leaves no file behind. 60 uploads in 10 minutes per user, as listing photos
 * (media/uploads.ts).
 */
async function withPhotos<T, C extends string>(
  deps: { photos: DisputePhotoStore | null; uploads: UploadLimiter },
  input: { dealId: number; userId: number; files: readonly Uint8Array[] },
  run: (stored: StoredPhoto[]) => Promise<Result<T, C>>,
): Promise<Result<T, C> | Result<never, PhotoRefusal, PhotoDetails>> {
  const { photos, uploads } = deps;
  const { dealId, userId, files } = input;
  if (files.length === 0 || !photos) return run([]);
  for (const _file of files) {
    const wait = await uploads.attempt(userId);
    if (wait !== null) return err("too_many_uploads", { retryAfterSeconds: wait });
  }
  const encoded = await encodeDisputePhotos(files);
  if ("problem" in encoded) return err("invalid_photo", { problem: encoded.problem });
  const stored = await photos.write(dealId, encoded.photos);
  const names = stored.map((photo) => photo.fileName);
  try {
    const result = await run(stored);
    if (!result.ok) await photos.remove(dealId, names);
    return result;
  } catch (error) {
    await photos.remove(dealId, names);
    throw error;
  }
}
