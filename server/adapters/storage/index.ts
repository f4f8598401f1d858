import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { StorageConfig } from "./env.ts";
import { createLazyS3Storage } from "./lazy-s3.ts";
import { createLocalStorage } from "./local.ts";

export { COPIED_FOLDERS, type CopyReport, copyDataDirToStorage } from "./copy.ts";
export { STORAGE_ENV, type StorageConfig, StorageEnvError, storageConfig } from "./env.ts";
export { createLocalStorage } from "./local.ts";
// s3.ts (the AWS SDK) is not re-exported: whoever needs it imports it, the server only at its first use.
export type { S3StorageConfig } from "./s3.ts";

/** The configured storage (ADR 0094): the bucket (its SDK loaded at the first use), or DATA_DIR by default. */
export function createObjectStorage(config: { storage: StorageConfig; dataDir: string }): ObjectStorage {
  return config.storage.kind === "s3"
    ? createLazyS3Storage(config.storage)
    : createLocalStorage(config.dataDir);
}
