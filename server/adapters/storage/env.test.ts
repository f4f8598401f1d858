import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";

/** STORAGE and the S3_* variables (ADR 0094), checked at start like every other setting. */
describe("the storage's settings", () => {
  it("keep the files in DATA_DIR unless told otherwise", () => {
    expect(loadConfig({}).storage).toEqual({ kind: "local" });
  });

  it("read a bucket on an S3-compatible server, path-style by default there", () => {
    const config = loadConfig({
      STORAGE: "s3",
      S3_BUCKET: "rarita-files",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_SIGNED_URLS: "true",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "rarita-files",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      signedUrls: true,
    });
    // On AWS itself: virtual-hosted addresses and the SDK's own credentials chain.
    expect(
      loadConfig({ STORAGE: "s3", S3_BUCKET: "rarita-files", S3_REGION: "eu-central-1" }).storage,
    ).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
      signedUrls: false,
    });
  });

  it("stop the start with one line naming the variable", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow('Invalid S3_BUCKET="": STORAGE=s3 needs a bucket');
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "Rarita_Files" })).toThrow(
      /^Invalid S3_BUCKET="Rarita_Files"/,
    );
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "key" })).toThrow(
      'Invalid S3_SECRET_ACCESS_KEY="": S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ STORAGE: "bucket" })).toThrow(/^Invalid STORAGE="bucket"/);
  });
});
