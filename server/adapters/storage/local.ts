import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  assertObjectKey,
  type ObjectEntry,
  type ObjectStorage,
  ObjectStorageError,
} from "#server/lib/object-storage.ts";

/** A write in progress (`<file>.<pid>.<hex>.tmp`): never an object, never listed. */
const TEMPORARY = /\.tmp$/;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

async function writeInFolder(file: string, temporary: string, body: Uint8Array) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, file);
}

/**
 * Removes the folders a delete left empty (a user's staging folder, a deal's photos), up to the
 * key's second level (`uploads/staging` stays). rmdir refuses a folder that is not empty, so a
 * file landing meanwhile keeps its folder.
 */
async function pruneEmptyFolders(root: string, file: string) {
  let dir = path.dirname(file);
  while (path.relative(root, dir).split(path.sep).length > 2) {
    const removed = await fs.rmdir(dir).then(
      () => true,
      () => false,
    );
    if (!removed) return;
    dir = path.dirname(dir);
  }
}

/** Every file under a folder, deeper ones included, as entries keyed from `prefix`. */
async function walk(dir: string, prefix: string, out: ObjectEntry[]): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) await walk(full, `${key}/`, out);
    else if (entry.isFile() && !TEMPORARY.test(entry.name)) {
      const stat = await fs.stat(full).catch(() => null);
      if (stat) out.push({ key, size: stat.size, lastModified: stat.mtime });
    }
  }
}

/**
 * The file behind a key for reading, or null when a symbolic link leads it out of DATA_DIR (the
 * variant renderer and the file server never read what the storage did not write).
 */
async function readableFile(root: string, key: string): Promise<string | null> {
  assertObjectKey(key);
  const file = path.join(root, key);
  try {
    const [base, real] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    return real.startsWith(base + path.sep) ? real : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw new ObjectStorageError("read", key, error);
  }
}

async function headFile(root: string, key: string) {
  const file = await readableFile(root, key);
  if (!file) return null;
  const stat = await fs.stat(file).catch((error) => {
    if (isMissing(error)) return null;
    throw new ObjectStorageError("head", key, error);
  });
  return stat?.isFile() ? { size: stat.size, lastModified: stat.mtime } : null;
}

/**
 * The local directory (ADR 0094): each key is the file at DATA_DIR/<key>, exactly the layout the
 * site always had, so an existing DATA_DIR keeps working as it is.
 */
export function createLocalStorage(dataDir: string): ObjectStorage {
  const root = path.resolve(dataDir);
  const fileOf = (key: string, folder = false) => {
    assertObjectKey(key, { folder });
    return path.join(root, key);
  };
  const readable = (key: string) => readableFile(root, key);
  const head = (key: string) => headFile(root, key);

  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      // Written beside and renamed: a reader never sees half a file, and two writers of one key
      // both end with a whole one.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        // Twice: a delete may prune the folder, empty a moment ago, between the mkdir and the write.
        await writeInFolder(file, temporary, body).catch((error) =>
          isMissing(error) ? writeInFolder(file, temporary, body) : Promise.reject(error),
        );
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw new ObjectStorageError("put", key, error);
      }
    },
    async read(key) {
      const file = await readable(key);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw new ObjectStorageError("read", key, error);
      }
    },
    head,
    async get(key) {
      const file = await readable(key);
      const info = file ? await head(key) : null;
      if (!file || !info) return null;
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { ...info, body };
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true }).catch((error) => {
        throw new ObjectStorageError("delete", key, error);
      });
      await pruneEmptyFolders(root, file);
    },
    async deletePrefix(prefix) {
      await fs.rm(fileOf(prefix, true), { recursive: true, force: true });
    },
    async list(prefix) {
      const out: ObjectEntry[] = [];
      const folder = prefix.endsWith("/") ? prefix : `${prefix}/`;
      await walk(fileOf(folder, true), folder, out);
      return out;
    },
  };
}
