import sharp from "sharp";
import { decodeSlots, hasTooManyPixels, MAX_UPLOAD_PIXELS } from "../media/index.ts";

/** The limits and the upload token the listing input's schema shares with the forms (core). */
export { isUploadToken, LISTING_IMAGES_MAX, uploadTokenHex } from "#core/schemas/listing.ts";

/**
 * Listing photos. The browser's word for a file's type is not trusted: sharp reads the bytes, and
 * only JPEG, PNG, WebP and AVIF pass (SVG could carry script; HEIC would need an HEVC decoder that
 * this sharp build lacks: `sharp.format.heif` reads AV1 only, so an iPhone's HEIC gets its own
 * message asking for JPEG). Every photo is re-encoded, so nothing of the upload but its pixels
 * survives: EXIF (GPS position, camera serial) is dropped, the orientation applied first.
 *
 * An upload is staged first (DATA_DIR/uploads/staging/<user>/<token>.webp) and becomes the
 * listing's when the listing is saved (uploads/products/<id>/<name>.webp): the add form uploads
 * photos while the seller still types, and a listing never points at a file that is not there
 * (image-store.ts keeps the files).
 */

/** Larger files are refused before decoding; a phone photo fits. */
export const LISTING_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const LISTING_IMAGES_MIN = 1;
/** The stored original's longest side: the gallery's largest variant (1280) zoomed 2x. */
const STORED_MAX_SIDE = 2560;
/** The pixel limit of every upload (media/uploads.ts): a crafted huge PNG is refused by its header. */
const MAX_INPUT_PIXELS = MAX_UPLOAD_PIXELS;
/** Staged uploads a user may hold at once (a dozen listings' worth): the disk is not a free store. */
export const MAX_STAGED_PER_USER = 60;
/** Staged uploads older than this were abandoned with their form. */
export const STAGED_MAX_AGE_MS = 24 * 3600 * 1000;

export type ImageProblem = "empty" | "tooLarge" | "tooManyPixels" | "notImage" | "heic" | "tooManyStaged";

export type StoredImage = { path: string; fileName: string; width: number; height: number };

/** The photo as stored: WebP without metadata, at most 2560 px on its longer side. */
export async function encodeListingImage(
  input: Uint8Array,
): Promise<{ webp: Buffer; width: number; height: number } | { problem: ImageProblem }> {
  if (input.byteLength === 0) return { problem: "empty" };
  if (input.byteLength > LISTING_IMAGE_MAX_BYTES) return { problem: "tooLarge" };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // The header only, without the pixel limit (sharp would refuse it as unreadable): the size
    // is checked below, so a picture too big gets its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: "notImage" };
  }
  const avif = meta.format === "heif" && meta.compression === "av1";
  if (meta.format === "heif" && !avif) return { problem: "heic" };
  if (!avif && !["jpeg", "png", "webp"].includes(meta.format ?? "")) return { problem: "notImage" };
  // Before decoding: the header's size is all it takes to refuse (decoding is what costs).
  if (hasTooManyPixels(meta)) return { problem: "tooManyPixels" };
  try {
    const { data, info } = await decodeSlots(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        // Effort 1 of 6 (sharp's default is 4): the encoder's search is what a photo cost, not its
        // decoding. A 35 KB, 1280 x 960 JPEG: 13 ms to decode, 380 ms to encode at effort 4 and
        // 70 ms at 1, the file as large (bench/uploads.ts). The quality setting is the same.
        .webp({ quality: 88, effort: 1 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { webp: data, width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file whose header looked fine.
    return { problem: "notImage" };
  }
}
