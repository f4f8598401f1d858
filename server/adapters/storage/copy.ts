import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { createLocalStorage } from "./local.ts";

/** What DATA_DIR holds that a bucket must: the public uploads and the private dispute photos. */
export const COPIED_FOLDERS = ["uploads/", "private/"] as const;

export type CopyReport = { copied: number; skipped: number; bytes: number };

/**
 * Copies DATA_DIR's files into the storage (`npm run storage:copy-to-s3`, ADR 0094), key for key.
 * Idempotent: an object already there with the same size and, where the bucket tells it, the same
 * MD5 (a single-part upload's ETag) is skipped, so a copy interrupted halfway is simply run again.
 * The variants (cache/images) are not copied: they are rendered again on demand.
 */
export async function copyDataDirToStorage(
  dataDir: string,
  target: ObjectStorage,
  onFile: (key: string, action: "copied" | "skipped") => void = () => {},
): Promise<CopyReport> {
  const source = createLocalStorage(dataDir);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const folder of COPIED_FOLDERS) {
    for (const entry of await source.list(folder)) {
      const bytes = await fs.readFile(path.join(dataDir, entry.key));
      const there = await target.head(entry.key);
      if (there && there.size === bytes.length && sameEtag(there.etag, bytes)) {
        report.skipped += 1;
        onFile(entry.key, "skipped");
        continue;
      }
      await target.put(entry.key, bytes);
      report.copied += 1;
      report.bytes += bytes.length;
      onFile(entry.key, "copied");
    }
  }
  return report;
}

/** Without an ETag (the local adapter) the size decides; with one, it must be the bytes' MD5. */
function sameEtag(etag: string | undefined, bytes: Buffer): boolean {
  if (!etag) return true;
  const plain = etag.replace(/"/g, "");
  // A multipart upload's ETag ("<md5>-<parts>") is no MD5 of the bytes: the size decides.
  if (plain.includes("-")) return true;
  return plain === createHash("md5").update(bytes).digest("hex");
}
