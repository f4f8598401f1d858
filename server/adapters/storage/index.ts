import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { StorageConfig } from "./env.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";

export { COPIED_FOLDERS, type CopyReport, copyDataDirToStorage } from "./copy.ts";
export { STORAGE_ENV, type StorageConfig, StorageEnvError, storageConfig } from "./env.ts";
export { createLocalStorage } from "./local.ts";
export { createS3Client, createS3Storage, type S3StorageConfig } from "./s3.ts";

/** The configured storage (ADR 0094): the bucket, or DATA_DIR by default. */
export function createObjectStorage(config: { storage: StorageConfig; dataDir: string }): ObjectStorage {
  return config.storage.kind === "s3" ? createS3Storage(config.storage) : createLocalStorage(config.dataDir);
}
