import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { decodeSlots, hasTooManyPixels, MAX_UPLOAD_PIXELS } from "../media/index.ts";

/**
 * Profile pictures. What the browser calls the file's type is not trusted: sharp reads the bytes,
 * and only JPEG, PNG and WebP pass (SVG could carry script, GIF and HEIC are not offered). The
 * picture is re-encoded, so nothing of the upload but its pixels survives: EXIF (GPS position,
 * camera serial) is dropped, the orientation applied first so the face stays upright.
 */

/** Larger files are refused before decoding; a phone photo fits. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Square side in pixels: twice the largest place the avatar is drawn (the profile page's 7rem). */
export const AVATAR_SIZE = 256;
/** The pixel limit of every upload (media/uploads.ts): a crafted huge PNG is refused by its header. */
const MAX_INPUT_PIXELS = MAX_UPLOAD_PIXELS;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type AvatarProblem = "empty" | "tooLarge" | "tooManyPixels" | "notImage";

/** The stored picture: a square WebP, or why the upload was refused. */
export async function renderAvatar(
  input: Uint8Array,
): Promise<{ webp: Buffer } | { problem: AvatarProblem }> {
  if (input.byteLength === 0) return { problem: "empty" };
  if (input.byteLength > AVATAR_MAX_BYTES) return { problem: "tooLarge" };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // The header only, without the pixel limit (sharp would refuse it as unreadable): the size
    // is checked below, so a picture too big gets its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: "notImage" };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) return { problem: "notImage" };
  // Before decoding: the header's size is all it takes to refuse (decoding is what costs).
  if (hasTooManyPixels(meta)) return { problem: "tooManyPixels" };
  try {
    const webp = await decodeSlots(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    );
    return { webp };
  } catch {
    // A truncated or corrupt file whose header looked fine.
    return { problem: "notImage" };
  }
}

/** Stored avatars: uploads/avatars/<random>.webp in the storage (ADR 0094), served under /uploads/avatars/. */
export function createAvatarStore(storage: ObjectStorage) {
  const keyOf = (name: string) => {
    // Names are ours (hex + .webp); anything else never reaches the storage.
    if (!/^[0-9a-f]{32}\.webp$/.test(name)) return null;
    return `uploads/avatars/${name}`;
  };
  return {
    /** Writes the picture under a new random name (unguessable; a new name also defeats caches). */
    async save(webp: Buffer): Promise<string> {
      const name = `${randomBytes(16).toString("hex")}.webp`;
      await storage.put(`uploads/avatars/${name}`, webp, { contentType: "image/webp" });
      return name;
    },
    /** Removes a stored picture; a missing file or a name that is not ours is ignored. */
    async remove(name: string | null | undefined): Promise<void> {
      const key = name ? keyOf(name) : null;
      if (key) await storage.delete(key);
    },
    async exists(name: string): Promise<boolean> {
      const key = keyOf(name);
      return key ? (await storage.head(key)) !== null : false;
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
