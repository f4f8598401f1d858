import path from "node:path";

/**
 * Where uploaded pictures, documents, the dispute photos and the image variants are kept (ADR
 * 0094): a key-value store of files, with two adapters (server/adapters/storage): the local
 * directory (DATA_DIR, the embedded default) and an S3-compatible bucket. Keys are the files'
 * paths under DATA_DIR as they always were (`uploads/products/7/<hex>.webp`,
 * `private/dispute-photos/3/<hex>.webp`, `cache/images/320/...`), so a bucket holds the same tree.
 *
 * Every write is idempotent by its key: writing a key twice leaves the second bytes, never two
 * objects, so a retried write is harmless. A reader never sees half an object.
 */
export type ObjectStorage = {
  /** "local" or "s3": for logs and the health of the start. */
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The whole object, or null when there is none under the key. */
  read(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every object under the prefix (a folder: ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** The objects under a prefix (a folder: ends with `/`), deeper ones included. */
  list(prefix: string): Promise<ObjectEntry[]>;
  /**
   * A short-lived URL the browser may fetch the object from directly (S3 only, S3_SIGNED_URLS);
   * undefined when the adapter serves through this process.
   */
  signedUrl?(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string>;
};

export type ObjectInfo = { size: number; lastModified: Date; etag?: string };
export type ObjectEntry = ObjectInfo & { key: string };
export type StoredObject = ObjectInfo & { body: ReadableStream<Uint8Array> };

/** Why a storage call failed (the bucket unreachable, refused, missing): the key, not the bytes. */
export class ObjectStorageError extends Error {
  readonly operation: string;
  readonly key: string;
  constructor(operation: string, key: string, cause: unknown) {
    super(`object storage: ${operation} ${key} failed: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = "ObjectStorageError";
    this.operation = operation;
    this.key = key;
  }
}

/** The top folders a key may start with: DATA_DIR also holds the database, which is never a key. */
const TOP_FOLDERS = new Set(["uploads", "private", "cache"]);
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Whether a key is one this storage may name: known top folder, plain segments (no `..`, no
 * hidden names, no empty parts). Checked by both adapters, so a path from a URL never escapes.
 */
export function isObjectKey(key: string, { folder = false } = {}): boolean {
  const parts = (folder ? key.replace(/\/$/, "") : key).split("/");
  if (!TOP_FOLDERS.has(parts[0] ?? "")) return false;
  if (!folder && parts.length < 2) return false;
  return parts.every((part) => SEGMENT.test(part) && !part.includes(".."));
}

/** Throws on a key that is not one (a caller's bug, or a crafted path that slipped through). */
export function assertObjectKey(key: string, options?: { folder?: boolean }): void {
  if (!isObjectKey(key, options)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

/** The Content-Type a file is served with, by its extension (as the static file server did). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}
