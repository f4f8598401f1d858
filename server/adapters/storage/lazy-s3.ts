import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { S3StorageConfig } from "./s3.ts";

/**
 * The bucket's storage with the AWS SDK loaded at its first use, not at the start: the SDK is
 * about 13 MB of heap that a server keeping its files in DATA_DIR (the default) never needs
 * (ADR 0120), and importing it from the storage's index made every process load it. The methods
 * are those of createS3Storage (s3.ts), each awaiting the one loaded instance.
 */
export function createLazyS3Storage(config: S3StorageConfig): ObjectStorage {
  let loaded: Promise<ObjectStorage> | undefined;
  const storage = () => {
    loaded ??= import("./s3.ts").then(({ createS3Storage }) => createS3Storage(config));
    return loaded;
  };
  return {
    kind: "s3",
    put: async (key, body, options) => (await storage()).put(key, body, options),
    read: async (key) => (await storage()).read(key),
    get: async (key) => (await storage()).get(key),
    head: async (key) => (await storage()).head(key),
    delete: async (key) => (await storage()).delete(key),
    deletePrefix: async (prefix) => (await storage()).deletePrefix(prefix),
    list: async (prefix) => (await storage()).list(prefix),
    ...(config.signedUrls
      ? {
          signedUrl: async (key: string, options: { expiresInSeconds: number; contentType?: string }) => {
            const signedUrl = (await storage()).signedUrl;
            if (!signedUrl) throw new Error("the bucket's storage signs no URLs");
            return signedUrl(key, options);
          },
        }
      : {}),
  };
}
