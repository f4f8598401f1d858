import { randomBytes } from "node:crypto";
import { DISPUTE_PHOTOS_MAX } from "#core/contracts/deals.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { encodeListingImage, type ImageProblem } from "../listing-photos/index.ts";

/**
 * A dispute's photos (issue 35, item 6): what the buyer shows of a broken seal or a different
 * label, and what the seller answers with. Checked as listing photos are (listing-photos/images.ts:
 * by their bytes, JPEG, PNG, WebP or AVIF only, the pixel limit before decoding) and re-encoded to
 * WebP, so nothing of the upload but its pixels survives (no EXIF, no GPS). They are no public
 * files: kept under private/dispute-photos/<deal>/ in the storage (never under uploads/, which the
 * server serves to anyone; in a bucket, never behind a signed URL) and read back only through the disputes service, which asks first
 * whether the reader is a side of the deal or staff with the `deals` scope.
 */

export { DISPUTE_FORM_MAX_BYTES, DISPUTE_PHOTOS_MAX } from "#core/contracts/deals.ts";

export type PhotoProblem = ImageProblem | "tooMany";
export type EncodedPhoto = { webp: Buffer; width: number; height: number };
export type StoredPhoto = { fileName: string; width: number; height: number };

/** Every photo checked and re-encoded, in order; the first problem refuses them all. */
export async function encodeDisputePhotos(
  files: readonly Uint8Array[],
): Promise<{ photos: EncodedPhoto[] } | { problem: PhotoProblem }> {
  if (files.length > DISPUTE_PHOTOS_MAX) return { problem: "tooMany" };
  const photos: EncodedPhoto[] = [];
  // One after another: decoding is what costs, and the shared slots (media/uploads.ts) bound it.
  for (const file of files) {
    const encoded = await encodeListingImage(file);
    if ("problem" in encoded) return { problem: encoded.problem };
    photos.push(encoded);
  }
  return { photos };
}

const FILE_NAME = /^[0-9a-f]{32}\.webp$/;

/** The disputes' photos in the storage (ADR 0094), under private/dispute-photos/<deal>/. */
export function createDisputePhotoStore(storage: ObjectStorage) {
  const folder = (dealId: number) => `private/dispute-photos/${dealId}/`;
  const keyOf = (dealId: number, fileName: string) =>
    Number.isSafeInteger(dealId) && dealId >= 0 && FILE_NAME.test(fileName)
      ? `${folder(dealId)}${fileName}`
      : null;
  return {
    /** Writes the photos (each whole or not at all: a reader never sees half a file). */
    async write(dealId: number, photos: readonly EncodedPhoto[]): Promise<StoredPhoto[]> {
      const stored: StoredPhoto[] = [];
      for (const photo of photos) {
        const fileName = `${randomBytes(16).toString("hex")}.webp`;
        await storage.put(`${folder(dealId)}${fileName}`, photo.webp, { contentType: "image/webp" });
        stored.push({ fileName, width: photo.width, height: photo.height });
      }
      return stored;
    },
    /** A photo's bytes; null when the name is not one this store writes or the object is gone. */
    async read(dealId: number, fileName: string): Promise<Buffer | null> {
      const key = keyOf(dealId, fileName);
      return key ? storage.read(key) : null;
    },
    /**
     * Removes the named photos: written for a message that was then refused, or whose author's
     * account was deleted (retention.ts). A name already gone is no error.
     */
    async remove(dealId: number, fileNames: readonly string[]): Promise<void> {
      await Promise.all(
        fileNames.map((name) => {
          const key = keyOf(dealId, name);
          return key ? storage.delete(key) : undefined;
        }),
      );
    },
    /**
     * Removes the deal's whole folder, every photo of its dispute (the retention, retention.ts).
     * A folder already gone is no error.
     */
    async removeDeal(dealId: number): Promise<void> {
      if (Number.isSafeInteger(dealId) && dealId >= 0) await storage.deletePrefix(folder(dealId));
    },
  };
}

export type DisputePhotoStore = ReturnType<typeof createDisputePhotoStore>;
