import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { S3StorageConfig } from "#server/adapters/storage/index.ts";

/** The local S3-compatible server the storage's tests run against (s3rver, a devDependency). */
type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export const TEST_BUCKET = "rarita-test";

export type TestS3 = {
  config: S3StorageConfig;
  /** The folder s3rver keeps its objects in: what survives a restart. */
  directory: string;
  stop(): Promise<void>;
  /** Starts it again on the same port over the same folder (after `stop`). */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
};

/**
 * s3rver on a free port (0) over a temporary folder, with the test bucket made. Its keys are
 * s3rver's fixed S3RVER/S3RVER pair: the signature is checked, as a real bucket would.
 */
export async function startTestS3(
  options: { buckets?: string[]; signedUrls?: boolean } = {},
): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-s3-"));
  const buckets = (options.buckets ?? [TEST_BUCKET]).map((name) => ({ name }));
  let port = 0;
  let server: S3rverInstance | null = null;
  async function start() {
    server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: buckets });
    port = (await server.run()).port;
  }
  await start();
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    config: {
      bucket: TEST_BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      signedUrls: options.signedUrls ?? false,
    },
    directory,
    stop,
    start,
    async dispose() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
