import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { decodeSlots, hasTooManyPixels, MAX_UPLOAD_PIXELS } from "../media/index.ts";

/**
 * Listing photos. The browser's word for a file's type is not trusted: sharp reads the bytes, and
 * only JPEG, PNG, WebP and AVIF pass (SVG could carry script; HEIC would need an HEVC decoder that
 * this sharp build lacks: `sharp.format.heif` reads AV1 only, so an iPhone's HEIC gets its own
 * message asking for JPEG). Every photo is re-encoded, so nothing of the upload but its pixels
 * survives: EXIF (GPS position, camera serial) is dropped, the orientation applied first.
 *
 * An upload is staged first (DATA_DIR/uploads/staging/<user>/<token>.webp) and becomes the
 * listing's when the listing is saved (uploads/products/<id>/<name>.webp): the add form uploads
 * photos while the seller still types, and a listing never points at a file that is not there.
 */

/** Larger files are refused before decoding; a phone photo fits. */
export const LISTING_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const LISTING_IMAGES_MIN = 1;
export const LISTING_IMAGES_MAX = 12;
/** The stored original's longest side: the gallery's largest variant (1280) zoomed 2x. */
const STORED_MAX_SIDE = 2560;
/** The pixel limit of every upload (media/uploads.ts): a crafted huge PNG is refused by its header. */
const MAX_INPUT_PIXELS = MAX_UPLOAD_PIXELS;
/** Staged uploads a user may hold at once (a dozen listings' worth): the disk is not a free store. */
export const MAX_STAGED_PER_USER = 60;
/** Staged uploads older than this were abandoned with their form. */
const STAGED_MAX_AGE_MS = 24 * 3600 * 1000;

export type ImageProblem = "empty" | "tooLarge" | "tooManyPixels" | "notImage" | "heic" | "tooManyStaged";

export type StoredImage = { path: string; fileName: string; width: number; height: number };

const TOKEN = /^upl_([0-9a-f]{32})$/;

export function isUploadToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

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

async function writeAtomically(file: string, bytes: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written beside and renamed: a reader never sees half a file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
}

export function createListingImageStore(uploadsDir: string) {
  const root = path.resolve(uploadsDir);
  const stagingDir = (userId: number) => path.join(root, "staging", String(userId));
  const stagedFile = (userId: number, token: string) => {
    const match = TOKEN.exec(token);
    return match ? path.join(stagingDir(userId), `${match[1]}.webp`) : null;
  };
  const productDir = (productId: number) => path.join(root, "products", String(productId));
  /** A stored image's file, only for the paths this store writes (`/uploads/products/<id>`, hex name). */
  const productFile = (imagePath: string, fileName: string) => {
    const match = /^\/uploads\/products\/(\d+)$/.exec(imagePath);
    if (!match || !/^[0-9a-f]{32}\.(?:webp|png|jpe?g|avif|svg)$/.test(fileName)) return null;
    return path.join(productDir(Number(match[1])), fileName);
  };

  async function stagedEntries(userId: number) {
    const dir = stagingDir(userId);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names
        .filter((name) => /^[0-9a-f]{32}\.webp$/.test(name))
        .map(async (name) => {
          const stat = await fs.stat(path.join(dir, name)).catch(() => null);
          return stat ? { file: path.join(dir, name), mtimeMs: stat.mtimeMs } : null;
        }),
    );
    return entries.filter((entry) => entry !== null);
  }

  /** Deletes a user's staged uploads older than `maxAgeMs`; says how many went and how many stay. */
  async function removeStaleStaged(userId: number, maxAgeMs: number) {
    const entries = await stagedEntries(userId);
    const cutoff = Date.now() - maxAgeMs;
    const stale = entries.filter((entry) => entry.mtimeMs < cutoff);
    await Promise.all(stale.map((entry) => fs.rm(entry.file, { force: true })));
    return { removed: stale.length, kept: entries.length - stale.length };
  }

  return {
    /** Relative to uploads, for the variant renderer: `staging/7/<hex>.webp`. */
    stagedRelative(userId: number, token: string): string | null {
      const match = TOKEN.exec(token);
      return match ? `staging/${userId}/${match[1]}.webp` : null;
    },
    stagedUrl(userId: number, token: string): string | null {
      const match = TOKEN.exec(token);
      return match ? `/uploads/staging/${userId}/${match[1]}.webp` : null;
    },

    /** Keeps an encoded photo for the user; returns its token. Abandoned uploads older than a day go first. */
    async stage(userId: number, webp: Buffer): Promise<{ token: string } | { problem: "tooManyStaged" }> {
      const { kept } = await removeStaleStaged(userId, STAGED_MAX_AGE_MS);
      if (kept >= MAX_STAGED_PER_USER) return { problem: "tooManyStaged" };
      const hex = randomBytes(16).toString("hex");
      const token = `upl_${hex}`;
      await writeAtomically(stagedFile(userId, token)!, webp);
      return { token };
    },

    /** Whether the token names a photo this user staged (another user's token is never found). */
    async hasStaged(userId: number, token: string): Promise<boolean> {
      const file = stagedFile(userId, token);
      if (!file) return false;
      return fs.access(file).then(
        () => true,
        () => false,
      );
    },

    /** Copies a staged photo to the listing's folder (the staged file stays until `discardStaged`). */
    async adopt(userId: number, token: string, productId: number): Promise<StoredImage> {
      const source = stagedFile(userId, token);
      if (!source) throw new Error("not an upload token");
      const fileName = `${randomBytes(16).toString("hex")}.webp`;
      const target = path.join(productDir(productId), fileName);
      await fs.mkdir(productDir(productId), { recursive: true });
      await fs.copyFile(source, target);
      const { width = 0, height = 0 } = await sharp(target).metadata();
      return { path: `/uploads/products/${productId}`, fileName, width, height };
    },

    /** Copies a stored photo of one listing to another (relisting); null when the file is gone. */
    async copy(from: { path: string; fileName: string }, productId: number): Promise<StoredImage | null> {
      // Any listing's photo, the demo data's drawings (`3.svg`) too, but only inside products/.
      const folder = /^\/uploads\/products\/(\d+)\/?$/.exec(from.path);
      const extension = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.(?:webp|png|jpe?g|avif|svg))$/i.exec(
        from.fileName,
      )?.[1];
      if (!folder || !extension) return null;
      const source = path.join(productDir(Number(folder[1])), from.fileName);
      const fileName = `${randomBytes(16).toString("hex")}${extension.toLowerCase()}`;
      const target = path.join(productDir(productId), fileName);
      await fs.mkdir(productDir(productId), { recursive: true });
      try {
        await fs.copyFile(source, target);
      } catch {
        return null;
      }
      const { width = 0, height = 0 } = await sharp(target)
        .metadata()
        .catch(() => ({ width: 0, height: 0 }));
      return { path: `/uploads/products/${productId}`, fileName, width, height };
    },

    async discardStaged(userId: number, tokens: readonly string[]): Promise<void> {
      await Promise.all(
        tokens.map((token) => {
          const file = stagedFile(userId, token);
          return file ? fs.rm(file, { force: true }) : undefined;
        }),
      );
    },

    /**
     * Deletes every user's staged uploads older than a day (forms abandoned without a save) and the
     * folders left empty; returns how many files went. `stage` does this for its own user only, so
     * a user who never comes back would otherwise keep their files for ever.
     */
    async sweepStaged(maxAgeMs = STAGED_MAX_AGE_MS): Promise<number> {
      const users = await fs.readdir(path.join(root, "staging")).catch(() => [] as string[]);
      let removed = 0;
      for (const name of users.filter((entry) => /^\d+$/.test(entry))) {
        const result = await removeStaleStaged(Number(name), maxAgeMs);
        removed += result.removed;
        // Only an empty folder goes (rmdir refuses otherwise): an upload may land meanwhile.
        if (result.kept === 0) await fs.rmdir(stagingDir(Number(name))).catch(() => {});
      }
      return removed;
    },

    /** Removes stored photos (a removed image, or the files of a save that did not commit). */
    async remove(images: readonly { path: string; fileName: string }[]): Promise<void> {
      await Promise.all(
        images.map((image) => {
          const file = productFile(image.path, image.fileName);
          return file ? fs.rm(file, { force: true }) : undefined;
        }),
      );
    },
  };
}

export type ListingImageStore = ReturnType<typeof createListingImageStore>;
