import fs from "node:fs";
import path from "node:path";

/**
 * PGlite's data directory may be opened by one process only: a second one silently corrupts it.
 * The lock is a file created exclusively (O_EXCL) holding the owner's pid. A lock left behind by a
 * process that no longer runs (a crash, kill -9) is stale and taken over.
 */
export class DataDirLockedError extends Error {
  readonly dir: string;
  readonly ownerPid: number;
  constructor(dir: string, ownerPid: number) {
    super(
      `The data directory ${dir} is already in use by another Rarita process (pid ${ownerPid}). ` +
        "Stop that process or start this one with a different DATA_DIR.",
    );
    this.dir = dir;
    this.ownerPid = ownerPid;
  }
}

export type DataDirLock = { release(): void; file: string };

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "rarita.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
      if (
        Number.isInteger(ownerPid) &&
        ownerPid > 0 &&
        // Our own pid: this very process already holds the directory, so a second open is refused too.
        (ownerPid === process.pid || processIsAlive(ownerPid))
      ) {
        throw new DataDirLockedError(dir, ownerPid);
      }
      // Stale lock: its owner is gone. Remove it and try once more.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
