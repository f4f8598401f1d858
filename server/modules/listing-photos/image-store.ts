import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { MAX_STAGED_PER_USER, STAGED_MAX_AGE_MS, type StoredImage, uploadTokenHex } from "./images.ts";

/** Where the store keeps its files under DATA_DIR/uploads: staging/<user>/ and products/<id>/. */
function storePaths(uploadsDir: string) {
  const root = path.resolve(uploadsDir);
  const stagingDir = (userId: number) => path.join(root, "staging", String(userId));
  const productDir = (productId: number) => path.join(root, "products", String(productId));
  return {
    root,
    stagingDir,
    productDir,
    stagedFile(userId: number, token: string) {
      const hex = uploadTokenHex(token);
      return hex ? path.join(stagingDir(userId), `${hex}.webp`) : null;
    },
    /** A stored image's file, only for the paths this store writes (`/uploads/products/<id>`, hex name). */
    productFile(imagePath: string, fileName: string) {
      const match = /^\/uploads\/products\/(\d+)$/.exec(imagePath);
      if (!match || !/^[0-9a-f]{32}\.(?:webp|png|jpe?g|avif|svg)$/.test(fileName)) return null;
      return path.join(productDir(Number(match[1])), fileName);
    },
  };
}

type StorePaths = ReturnType<typeof storePaths>;

async function writeAtomically(file: string, bytes: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written beside and renamed: a reader never sees half a file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
}

async function stagedEntries(paths: StorePaths, userId: number) {
  const dir = paths.stagingDir(userId);
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
async function removeStaleStaged(paths: StorePaths, userId: number, maxAgeMs: number) {
  const entries = await stagedEntries(paths, userId);
  const cutoff = Date.now() - maxAgeMs;
  const stale = entries.filter((entry) => entry.mtimeMs < cutoff);
  await Promise.all(stale.map((entry) => fs.rm(entry.file, { force: true })));
  return { removed: stale.length, kept: entries.length - stale.length };
}

/** Keeps an encoded photo for the user; returns its token. Abandoned uploads older than a day go first. */
async function stage(
  paths: StorePaths,
  userId: number,
  webp: Buffer,
): Promise<{ token: string } | { problem: "tooManyStaged" }> {
  const { kept } = await removeStaleStaged(paths, userId, STAGED_MAX_AGE_MS);
  if (kept >= MAX_STAGED_PER_USER) return { problem: "tooManyStaged" };
  const token = `upl_${randomBytes(16).toString("hex")}`;
  await writeAtomically(paths.stagedFile(userId, token)!, webp);
  return { token };
}

/** Copies a staged photo to the listing's folder (the staged file stays until `discardStaged`). */
async function adopt(
  paths: StorePaths,
  userId: number,
  token: string,
  productId: number,
): Promise<StoredImage> {
  const source = paths.stagedFile(userId, token);
  if (!source) throw new Error("not an upload token");
  const fileName = `${randomBytes(16).toString("hex")}.webp`;
  const target = path.join(paths.productDir(productId), fileName);
  await fs.mkdir(paths.productDir(productId), { recursive: true });
  await fs.copyFile(source, target);
  const { width = 0, height = 0 } = await sharp(target).metadata();
  return { path: `/uploads/products/${productId}`, fileName, width, height };
}

/** Copies a stored photo of one listing to another (relisting); null when the file is gone. */
async function copyStored(
  paths: StorePaths,
  from: { path: string; fileName: string },
  productId: number,
): Promise<StoredImage | null> {
  // Any listing's photo, the demo data's drawings (`3.svg`) too, but only inside products/.
  const folder = /^\/uploads\/products\/(\d+)\/?$/.exec(from.path);
  const extension = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.(?:webp|png|jpe?g|avif|svg))$/i.exec(from.fileName)?.[1];
  if (!folder || !extension) return null;
  const source = path.join(paths.productDir(Number(folder[1])), from.fileName);
  const fileName = `${randomBytes(16).toString("hex")}${extension.toLowerCase()}`;
  const target = path.join(paths.productDir(productId), fileName);
  await fs.mkdir(paths.productDir(productId), { recursive: true });
  try {
    await fs.copyFile(source, target);
  } catch {
    return null;
  }
  const { width = 0, height = 0 } = await sharp(target)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  return { path: `/uploads/products/${productId}`, fileName, width, height };
}

/**
 * Deletes every user's staged uploads older than a day (forms abandoned without a save) and the
 * folders left empty; returns how many files went. `stage` does this for its own user only, so
 * a user who never comes back would otherwise keep their files for ever.
 */
async function sweepStaged(paths: StorePaths, maxAgeMs: number): Promise<number> {
  const users = await fs.readdir(path.join(paths.root, "staging")).catch(() => [] as string[]);
  let removed = 0;
  for (const name of users.filter((entry) => /^\d+$/.test(entry))) {
    const result = await removeStaleStaged(paths, Number(name), maxAgeMs);
    removed += result.removed;
    // Only an empty folder goes (rmdir refuses otherwise): an upload may land meanwhile.
    if (result.kept === 0) await fs.rmdir(paths.stagingDir(Number(name))).catch(() => {});
  }
  return removed;
}

/** Deletes the files (of those this store may name) and ignores the missing ones. */
async function removeFiles(files: (string | null)[]): Promise<void> {
  await Promise.all(files.map((file) => (file ? fs.rm(file, { force: true }) : undefined)));
}

/** The listing photos' files: staged uploads of a form, and the photos of saved listings. */
export function createListingImageStore(uploadsDir: string) {
  const paths = storePaths(uploadsDir);
  return {
    /** Relative to uploads, for the variant renderer: `staging/7/<hex>.webp`. */
    stagedRelative(userId: number, token: string): string | null {
      const hex = uploadTokenHex(token);
      return hex ? `staging/${userId}/${hex}.webp` : null;
    },
    stagedUrl(userId: number, token: string): string | null {
      const hex = uploadTokenHex(token);
      return hex ? `/uploads/staging/${userId}/${hex}.webp` : null;
    },
    stage: (userId: number, webp: Buffer) => stage(paths, userId, webp),
    /** Whether the token names a photo this user staged (another user's token is never found). */
    async hasStaged(userId: number, token: string): Promise<boolean> {
      const file = paths.stagedFile(userId, token);
      if (!file) return false;
      return fs.access(file).then(
        () => true,
        () => false,
      );
    },
    adopt: (userId: number, token: string, productId: number) => adopt(paths, userId, token, productId),
    copy: (from: { path: string; fileName: string }, productId: number) => copyStored(paths, from, productId),
    discardStaged: (userId: number, tokens: readonly string[]) =>
      removeFiles(tokens.map((token) => paths.stagedFile(userId, token))),
    sweepStaged: (maxAgeMs = STAGED_MAX_AGE_MS) => sweepStaged(paths, maxAgeMs),
    /** Removes stored photos (a removed image, or the files of a save that did not commit). */
    remove: (images: readonly { path: string; fileName: string }[]) =>
      removeFiles(images.map((image) => paths.productFile(image.path, image.fileName))),
  };
}

export type ListingImageStore = ReturnType<typeof createListingImageStore>;
