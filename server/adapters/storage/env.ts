import { z } from "zod";
import type { S3StorageConfig } from "./s3.ts";

/**
 * Where files are kept (ADR 0094), checked with the rest of the environment (server/config.ts):
 * STORAGE=local (the default: DATA_DIR) or STORAGE=s3 with S3_BUCKET and, for an S3-compatible
 * server, S3_ENDPOINT. Credentials from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or else the
 * SDK's default chain (AWS_ACCESS_KEY_ID..., an instance role).
 */
export const STORAGE_ENV = {
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3-63 lowercase letters, digits, dots, dashes)",
    )
    .optional(),
  S3_ENDPOINT: z
    .string()
    .refine((value) => /^https?:\/\/[^/]+/.test(value), "must be a URL starting with http:// or https://")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"]).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_SIGNED_URLS: z.enum(["true", "false", "1", "0"]).optional(),
};

export type StorageConfig = { kind: "local" } | ({ kind: "s3" } & S3StorageConfig);

export class StorageEnvError extends Error {}

type StorageEnv = z.infer<z.ZodObject<typeof STORAGE_ENV>>;

const yes = (value: string | undefined) => value === "true" || value === "1";

export function storageConfig(e: StorageEnv): StorageConfig {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new StorageEnvError(
      `Invalid ${missing}="": S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`,
    );
  }
  if (e.STORAGE === "local") return { kind: "local" };
  if (!e.S3_BUCKET) throw new StorageEnvError(`Invalid S3_BUCKET="": STORAGE=s3 needs a bucket`);
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // An S3-compatible server (an endpoint of our own) mostly wants path-style; AWS itself does not.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? yes(e.S3_FORCE_PATH_STYLE) : Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    signedUrls: yes(e.S3_SIGNED_URLS),
  };
}
