import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { MAX_STAGED_PER_USER, STAGED_MAX_AGE_MS, type StoredImage, uploadTokenHex } from "./images.ts";

/**
 * The listing photos' objects in the storage (ADR 0094), under uploads/: staging/<user>/ and
 * products/<id>/ (on the local adapter, the same folders under DATA_DIR/uploads as ever).
 */
const keys = {
  stagingFolder: (userId: number) => `uploads/staging/${userId}/`,
  productFolder: (productId: number) => `uploads/products/${productId}/`,
  staged(userId: number, token: string) {
    const hex = uploadTokenHex(token);
    return hex ? `uploads/staging/${userId}/${hex}.webp` : null;
  },
  /** A stored image's key, only for the paths this store writes (`/uploads/products/<id>`, hex name). */
  product(imagePath: string, fileName: string) {
    const match = /^\/uploads\/products\/(\d+)$/.exec(imagePath);
    if (!match || !/^[0-9a-f]{32}\.(?:webp|png|jpe?g|avif|svg)$/.test(fileName)) return null;
    return `uploads/products/${match[1]}/${fileName}`;
  },
};

const STAGED_NAME = /\/[0-9a-f]{32}\.webp$/;

/** Deletes a user's staged uploads older than `maxAgeMs`; says how many went and how many stay. */
async function removeStaleStaged(storage: ObjectStorage, userId: number, maxAgeMs: number) {
  const entries = (await storage.list(keys.stagingFolder(userId))).filter((entry) =>
    STAGED_NAME.test(entry.key),
  );
  const cutoff = Date.now() - maxAgeMs;
  const stale = entries.filter((entry) => entry.lastModified.getTime() < cutoff);
  await Promise.all(stale.map((entry) => storage.delete(entry.key)));
  return { removed: stale.length, kept: entries.length - stale.length };
}

/** Keeps an encoded photo for the user; returns its token. Abandoned uploads older than a day go first. */
async function stage(
  storage: ObjectStorage,
  userId: number,
  webp: Buffer,
): Promise<{ token: string } | { problem: "tooManyStaged" }> {
  const { kept } = await removeStaleStaged(storage, userId, STAGED_MAX_AGE_MS);
  if (kept >= MAX_STAGED_PER_USER) return { problem: "tooManyStaged" };
  const token = `upl_${randomBytes(16).toString("hex")}`;
  await storage.put(keys.staged(userId, token)!, webp, { contentType: "image/webp" });
  return { token };
}

/** Copies a staged photo to the listing's folder (the staged one stays until `discardStaged`). */
async function adopt(
  storage: ObjectStorage,
  userId: number,
  token: string,
  productId: number,
): Promise<StoredImage> {
  const source = keys.staged(userId, token);
  if (!source) throw new Error("not an upload token");
  const bytes = await storage.read(source);
  if (!bytes) throw new Error("the staged upload is gone");
  const fileName = `${randomBytes(16).toString("hex")}.webp`;
  await storage.put(`${keys.productFolder(productId)}${fileName}`, bytes, { contentType: "image/webp" });
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return { path: `/uploads/products/${productId}`, fileName, width, height };
}

/** Copies a stored photo of one listing to another (relisting); null when the object is gone. */
async function copyStored(
  storage: ObjectStorage,
  from: { path: string; fileName: string },
  productId: number,
): Promise<StoredImage | null> {
  // Any listing's photo, the demo data's drawings (`3.svg`) too, but only inside products/.
  const folder = /^\/uploads\/products\/(\d+)\/?$/.exec(from.path);
  const extension = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.(?:webp|png|jpe?g|avif|svg))$/i.exec(from.fileName)?.[1];
  if (!folder || !extension) return null;
  const bytes = await storage.read(`uploads/products/${folder[1]}/${from.fileName}`);
  if (!bytes) return null;
  const fileName = `${randomBytes(16).toString("hex")}${extension.toLowerCase()}`;
  await storage.put(`${keys.productFolder(productId)}${fileName}`, bytes);
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  return { path: `/uploads/products/${productId}`, fileName, width, height };
}

/**
 * Deletes every user's staged uploads older than a day (forms abandoned without a save); returns
 * how many went. `stage` does this for its own user only, so a user who never comes back would
 * otherwise keep their files for ever.
 */
async function sweepStaged(storage: ObjectStorage, maxAgeMs: number): Promise<number> {
  const cutoff = Date.now() - maxAgeMs;
  const stale = (await storage.list("uploads/staging/")).filter(
    (entry) =>
      /^uploads\/staging\/\d+\/[0-9a-f]{32}\.webp$/.test(entry.key) && entry.lastModified.getTime() < cutoff,
  );
  for (const entry of stale) await storage.delete(entry.key);
  return stale.length;
}

/** Deletes the objects (of those this store may name) and ignores the missing ones. */
async function removeKeys(storage: ObjectStorage, list: (string | null)[]): Promise<void> {
  await Promise.all(list.map((key) => (key ? storage.delete(key) : undefined)));
}

/** The listing photos' files: staged uploads of a form, and the photos of saved listings. */
export function createListingImageStore(storage: ObjectStorage) {
  return {
    /** Relative to uploads, for the variant renderer: `staging/7/<hex>.webp`. */
    stagedRelative(userId: number, token: string): string | null {
      return keys.staged(userId, token)?.slice("uploads/".length) ?? null;
    },
    stagedUrl(userId: number, token: string): string | null {
      const key = keys.staged(userId, token);
      return key ? `/${key}` : null;
    },
    stage: (userId: number, webp: Buffer) => stage(storage, userId, webp),
    /** Whether the token names a photo this user staged (another user's token is never found). */
    async hasStaged(userId: number, token: string): Promise<boolean> {
      const key = keys.staged(userId, token);
      return key ? (await storage.head(key)) !== null : false;
    },
    adopt: (userId: number, token: string, productId: number) => adopt(storage, userId, token, productId),
    copy: (from: { path: string; fileName: string }, productId: number) =>
      copyStored(storage, from, productId),
    discardStaged: (userId: number, tokens: readonly string[]) =>
      removeKeys(
        storage,
        tokens.map((token) => keys.staged(userId, token)),
      ),
    sweepStaged: (maxAgeMs = STAGED_MAX_AGE_MS) => sweepStaged(storage, maxAgeMs),
    /** Removes stored photos (a removed image, or the files of a save that did not commit). */
    remove: (images: readonly { path: string; fileName: string }[]) =>
      removeKeys(
        storage,
        images.map((image) => keys.product(image.path, image.fileName)),
      ),
  };
}

export type ListingImageStore = ReturnType<typeof createListingImageStore>;
