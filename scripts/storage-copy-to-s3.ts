import { copyDataDirToStorage } from "#server/adapters/storage/index.ts";
import { createS3Storage } from "#server/adapters/storage/s3.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

/**
 * `npm run storage:copy-to-s3` (ADR 0094): copies DATA_DIR/uploads and DATA_DIR/private into the
 * bucket named by S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the credentials,
 * as the server reads them), skipping what is already there. Run it before starting the site with
 * STORAGE=s3; running it again copies only what is new.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, STORAGE: "s3" });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (config.storage.kind !== "s3") throw new Error("unreachable: STORAGE=s3 was set");
  const target = createS3Storage(config.storage);
  console.log(`Copying ${config.dataDir}/{uploads,private} to bucket ${config.storage.bucket}…`);
  const report = await copyDataDirToStorage(config.dataDir, target);
  console.log(
    `Done: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there.`,
  );
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
