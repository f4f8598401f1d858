import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "./config.ts";

/**
 * DATA_DIR must be a directory this process can create and write (embedded database, uploads,
 * mail outbox), which the schema cannot tell from the string: try it, and turn a failure into the
 * one-line ConfigError instead of a stack trace from deep inside the database driver.
 */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new ConfigError(
      `Invalid DATA_DIR=${JSON.stringify(dataDir)}: cannot create or write the directory (${code})`,
    );
  }
}
