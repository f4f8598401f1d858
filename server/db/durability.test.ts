import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./client.ts";

/**
 * The embedded database survives an OS crash or a power cut: a commit returns only after its WAL
 * reached the disk (fsync), not merely the kernel's page cache. An OS crash cannot be staged in a
 * test, so the test watches the system calls that make a write durable: Node's fs.fsyncSync on
 * the open files of the data directory, called while the commit is running.
 */
const tempDirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database on a data directory", () => {
  it("runs with fsync on and syncs the WAL to disk before a commit returns", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-durability-"));
    tempDirs.push(dataDir);
    const database = await openDatabase({ engine: "pglite", dataDir });
    try {
      const client = (
        database.db as unknown as { $client: { query(sql: string): Promise<{ rows: unknown[] }> } }
      ).$client;
      expect((await client.query("show fsync")).rows).toEqual([{ fsync: "on" }]);
      expect((await client.query("show synchronous_commit")).rows).toEqual([{ synchronous_commit: "on" }]);
      // fdatasync() is a no-op stub in PGlite's Emscripten build; fsync() reaches the disk.
      expect((await client.query("show wal_sync_method")).rows).toEqual([{ wal_sync_method: "fsync" }]);

      await database.exec("create table durability_probe (id int primary key)");
      const fsync = vi.spyOn(fs, "fsyncSync");
      await database.exec("insert into durability_probe values (1)");
      // At least the WAL segment the commit record went to.
      expect(fsync).toHaveBeenCalled();
    } finally {
      await database.close();
    }
    // A new data directory is an initdb on disk: ~8 s on a quiet machine, past 20 under load.
  }, 90_000);

  it("syncs a new data directory to disk once, so a power cut after the first start loses nothing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-durability-"));
    tempDirs.push(dataDir);
    const fsync = vi.spyOn(fs, "fsyncSync");
    const database = await openDatabase({ engine: "pglite", dataDir });
    await database.close();
    // initdb writes the catalog files without WAL, so WAL replay cannot restore them: each file
    // and directory of the new data directory must have been synced once.
    const entries = fs.readdirSync(path.join(dataDir, "db"), { recursive: true });
    expect(entries.length).toBeGreaterThan(100);
    expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(entries.length);

    // Once: the next start syncs only what it writes.
    fsync.mockClear();
    const again = await openDatabase({ engine: "pglite", dataDir });
    await again.close();
    expect(fsync.mock.calls.length).toBeLessThan(entries.length / 2);
  }, 90_000);
});
