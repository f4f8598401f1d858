import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite's data directory may be opened by one process only: a second one silently corrupts it.
 *
 * The lock is a file `rarita.lock` created atomically (written aside, then hard-linked into place,
 * so nobody ever reads a half-written lock) that records the owner: its pid, the process's start
 * time, the host name and the kernel's boot id. A pid alone is not enough: in a container the
 * server is pid 1 on every start, so after a crash the old lock names our own pid; and after a
 * reboot an unrelated process may have reused the pid. The start time and the boot id tell the
 * recorded process from a newcomer with the same pid, so such a lock is recognised as stale and
 * taken over. Where /proc is missing (macOS) the pid check alone decides.
 *
 * A second open from this very process is refused through an in-memory registry of held locks:
 * the file cannot tell "this process holds it" from "a previous process with our pid held it".
 */
export class DataDirLockedError extends Error {
  readonly dir: string;
  readonly ownerPid: number;
  readonly ownerHost: string | null;
  constructor(dir: string, ownerPid: number, ownerHost: string | null = null) {
    super(
      ownerHost
        ? `The data directory ${dir} is already in use by a Rarita process on host ${ownerHost} (pid ${ownerPid}). ` +
            `Stop that process or start this one with a different DATA_DIR; if nothing runs there any more, delete ${path.join(dir, LOCK_FILE)}.`
        : `The data directory ${dir} is already in use by another Rarita process (pid ${ownerPid}). ` +
            "Stop that process or start this one with a different DATA_DIR.",
    );
    this.dir = dir;
    this.ownerPid = ownerPid;
    this.ownerHost = ownerHost;
  }
}

export type DataDirLock = { release(): void; file: string };

/** What a lock file records about its owner; `start` and `boot` are null where /proc is absent. */
export type LockOwner = { pid: number; start: string | null; host: string; boot: string | null };

const LOCK_FILE = "rarita.lock";

/** Lock files this process holds (real paths): the file alone cannot prove the holder is us. */
const heldByThisProcess = new Set<string>();

/**
 * Fields of /proc/<pid>/stat: the state letter (field 3), the kernel's flags (field 9) and the
 * start time in clock ticks since boot (field 22); null when it cannot be read (no /proc, or no
 * such process).
 */
function readProcStat(pid: number): { state: string; flags: number; start: string | null } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2 is the command name in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state), so field 9 is fields[6] and field 22 is fields[19].
    const start = fields[19];
    return {
      state: fields[0] ?? "",
      flags: Number(fields[6]),
      start: start && /^\d+$/.test(start) ? start : null,
    };
  } catch {
    return null;
  }
}

/** The start time of a process in clock ticks since boot, or null when it cannot be read. */
export function processStartTime(pid: number): string | null {
  return readProcStat(pid)?.start ?? null;
}

/** PF_EXITING (include/linux/sched.h): the process is in exit() and will never run code again. */
const PF_EXITING = 0x4;

function bootId(): string | null {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
  } catch {
    return null;
  }
}

function currentOwner(): LockOwner {
  return { pid: process.pid, start: processStartTime(process.pid), host: os.hostname(), boot: bootId() };
}

/** Reads a lock file's owner: the JSON record, or a bare pid (locks written by older versions). */
function parseOwner(text: string): Partial<LockOwner> & { pid: number } {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (Number.isInteger(value.pid) && (value.pid as number) > 0) return value as LockOwner;
  } catch {
    // unreadable: treated as no owner below
  }
  return { pid: 0 };
}

function processIsAlive(pid: number): boolean {
  // Linux: a killed process keeps its pid while the kernel tears it down (PF_EXITING) and then as
  // a zombie until its parent reaps it (state Z, or X while being reaped); kill(pid, 0) still
  // succeeds meanwhile, but the process can no longer write, so its lock is dead already.
  const stat = readProcStat(pid);
  if (stat && (stat.state === "Z" || stat.state === "X" || (stat.flags & PF_EXITING) !== 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process a lock names still runs: "alive", "stale", or "elsewhere" (another host,
 * whose processes cannot be checked from here, so the lock must be respected).
 */
function ownerState(owner: Partial<LockOwner> & { pid: number }): "alive" | "stale" | "elsewhere" {
  // No pid: an interrupted write by an old version, or a damaged file.
  if (owner.pid <= 0) return "stale";
  const here = currentOwner();
  if (owner.host && owner.host !== here.host) return "elsewhere";
  // Same host, different boot: every process of that boot is gone.
  if (owner.boot && here.boot && owner.boot !== here.boot) return "stale";
  // Our pid but not in our registry: a previous process that had our pid (a container's pid 1).
  if (owner.pid === here.pid) return "stale";
  if (!processIsAlive(owner.pid)) return "stale";
  // The pid runs; it is the owner only if it started when the owner did (else the pid was reused).
  if (owner.start) {
    const start = processStartTime(owner.pid);
    if (start !== null && start !== owner.start) return "stale";
  }
  return "alive";
}

/** Creates `file` with `content` only if it does not exist, never leaving it half-written. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(temp, content, { flag: "wx" });
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links: fall back to O_EXCL (the write follows the create).
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") {
      try {
        fs.writeFileSync(file, content, { flag: "wx" });
        return true;
      } catch (fallbackError) {
        if ((fallbackError as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw fallbackError;
      }
    }
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

export function acquireDataDirLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  // The real path, so the same directory reached through a symlink is the same lock.
  const file = path.join(fs.realpathSync(dir), LOCK_FILE);
  if (heldByThisProcess.has(file)) throw new DataDirLockedError(dir, process.pid);

  const content = `${JSON.stringify(currentOwner())}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, content)) {
      heldByThisProcess.add(file);
      let released = false;
      return {
        file: path.join(dir, LOCK_FILE),
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(file);
          try {
            // Only our own lock: never one that another process took over meanwhile.
            if (fs.readFileSync(file, "utf8") === content) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    }
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      // Released between our attempt and this read: try again.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const owner = parseOwner(text);
    const state = ownerState(owner);
    if (state === "alive") throw new DataDirLockedError(dir, owner.pid);
    if (state === "elsewhere") throw new DataDirLockedError(dir, owner.pid, owner.host ?? null);
    // Stale: remove it, unless another process replaced it since we read it, and try again.
    try {
      if (fs.readFileSync(file, "utf8") === text) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
