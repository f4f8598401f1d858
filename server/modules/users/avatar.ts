import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
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

/** Stored avatars: DATA_DIR/uploads/avatars/<random>.webp, served under /uploads/avatars/. */
export function createAvatarStore(uploadsDir: string) {
  const dir = path.join(path.resolve(uploadsDir), "avatars");
  const fileOf = (name: string) => {
    // Names are ours (hex + .webp); anything else never touches the disk.
    if (!/^[0-9a-f]{32}\.webp$/.test(name)) return null;
    return path.join(dir, name);
  };
  return {
    dir,
    /** Writes the picture under a new random name (unguessable; a new name also defeats caches). */
    async save(webp: Buffer): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString("hex")}.webp`;
      const file = path.join(dir, name);
      // Written beside and renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, webp);
      await fs.rename(temp, file);
      return name;
    },
    /** Removes a stored picture; a missing file or a name that is not ours is ignored. */
    async remove(name: string | null | undefined): Promise<void> {
      const file = name ? fileOf(name) : null;
      if (file) await fs.rm(file, { force: true });
    },
    async exists(name: string): Promise<boolean> {
      const file = fileOf(name);
      if (!file) return false;
      return fs.access(file).then(
        () => true,
        () => false,
      );
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
