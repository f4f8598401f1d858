import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertObjectKey,
  contentTypeOf,
  type ObjectEntry,
  type ObjectStorage,
  ObjectStorageError,
} from "#server/lib/object-storage.ts";

export type S3StorageConfig = {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2, s3rver); unset: AWS by the region. */
  endpoint: string | undefined;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID..., the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Redirect the browser to short-lived signed URLs instead of streaming public files through Node. */
  signedUrls: boolean;
};

/** A missing key answers 404 (NoSuchKey on GET, NotFound on HEAD, which has no body). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

async function attempt<T>(operation: string, key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ObjectStorageError(operation, key, error);
  }
}
async function headObject(client: S3Client, Bucket: string, key: string) {
  assertObjectKey(key);
  try {
    const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    return { size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0), etag: out.ETag };
  } catch (error) {
    if (isMissing(error)) return null;
    throw new ObjectStorageError("head", key, error);
  }
}
async function getObject(client: S3Client, Bucket: string, key: string) {
  assertObjectKey(key);
  try {
    const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!out.Body) return null;
    return {
      size: out.ContentLength ?? 0,
      lastModified: out.LastModified ?? new Date(0),
      etag: out.ETag,
      body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
    };
  } catch (error) {
    if (isMissing(error)) return null;
    throw new ObjectStorageError("get", key, error);
  }
}
async function listObjects(client: S3Client, Bucket: string, prefix: string): Promise<ObjectEntry[]> {
  assertObjectKey(prefix, { folder: true });
  const out: ObjectEntry[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await attempt("list", prefix, () =>
      client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
    );
    for (const item of page.Contents ?? [])
      if (item.Key)
        out.push({
          key: item.Key,
          size: item.Size ?? 0,
          lastModified: item.LastModified ?? new Date(0),
          etag: item.ETag,
        });
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return out;
}
/**
 * An S3-compatible bucket (ADR 0094): the same keys as the local directory's paths. Pictures are
 * stored with their Content-Type, so a signed URL serves them as the site would.
 */
export function createS3Storage(config: S3StorageConfig, client = createS3Client(config)): ObjectStorage {
  const Bucket = config.bucket;
  const call = <T>(operation: string, key: string, run: () => Promise<T>) => attempt(operation, key, run);
  const head = (key: string) => headObject(client, Bucket, key);
  const get = (key: string) => getObject(client, Bucket, key);
  const list = (prefix: string) => listObjects(client, Bucket, prefix);
  const remove = async (key: string) => {
    assertObjectKey(key);
    await call("delete", key, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
  };

  return {
    kind: "s3",
    async put(key, body, options) {
      assertObjectKey(key);
      const ContentType = options?.contentType ?? contentTypeOf(key);
      // One request with the whole body: S3 stores it whole or not at all.
      await call("put", key, () =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType })),
      );
    },
    async read(key) {
      const object = await get(key);
      if (!object) return null;
      return call("read", key, async () => Buffer.from(await new Response(object.body).arrayBuffer()));
    },
    get,
    head,
    delete: remove,
    async deletePrefix(prefix) {
      // One by one: DeleteObjects needs a checksum some S3-compatible servers do not take, and a
      // prefix here is one deal's or one user's folder, a few files.
      for (const entry of await list(prefix)) await remove(entry.key);
    },
    list,
    ...(config.signedUrls
      ? {
          signedUrl: (key: string, options: { expiresInSeconds: number; contentType?: string }) => {
            assertObjectKey(key);
            const command = new GetObjectCommand({
              Bucket,
              Key: key,
              ResponseContentType: options.contentType ?? contentTypeOf(key),
            });
            return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
          },
        }
      : {}),
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where the API requires them: S3-compatible servers differ in the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that does not answer fails the request in seconds, not at the OS's TCP timeout.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}
