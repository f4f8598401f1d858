import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { childEnv, freePort, projectRoot as root, startServerProcess } from "../test/server-process.ts";
import { openDatabase } from "./client.ts";
import { acquireDataDirLock, DataDirLockedError, type LockOwner, processStartTime } from "./data-dir-lock.ts";

const holderScript = path.join(root, "server/test/fixtures/hold-data-dir.ts");

const tempDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-lock-test-"));
  tempDirs.push(dir);
  return dir;
}

/** The owner a lock file records (the JSON record this version writes). */
function ownerOf(file: string): LockOwner {
  return JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
}

const hasProc = fs.existsSync("/proc/self/stat");

function bootId(): string | null {
  return hasProc ? fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() : null;
}

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ["-e", ""]);
  expect(result.status).toBe(0);
  return result.pid;
}

function waitForExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Starts the fixture that opens the embedded database in `dataDir` and resolves once it holds it. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [holderScript, dataDir], {
    cwd: root,
    env: childEnv(),
    stdio: "pipe",
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("ready")) resolve(child);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the holder exited early (code ${code}): ${stderr}`)));
  });
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await waitForExit(child);
    }
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("creates the lock file naming this process (pid, start time, host, boot) and removes it on release", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(lock.file).toBe(path.join(dir, "rarita.lock"));
    expect(ownerOf(lock.file)).toEqual({
      pid: process.pid,
      start: hasProc ? expect.stringMatching(/^\d+$/) : null,
      host: os.hostname(),
      boot: bootId(),
    });
    // Nothing else is left in the directory (the lock is written aside and linked into place).
    expect(fs.readdirSync(dir)).toEqual(["rarita.lock"]);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    // Releasing twice is harmless, and the directory can be locked again.
    lock.release();
    const again = acquireDataDirLock(dir);
    again.release();
    expect(fs.existsSync(again.file)).toBe(false);
  });

  it("refuses a second lock on the same directory from this very process", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it("creates a missing data directory", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = acquireDataDirLock(dir);
    expect(fs.existsSync(lock.file)).toBe(true);
    lock.release();
  });

  it("refuses a directory locked by another live process, naming the directory and the pid", () => {
    const dir = tempDir();
    // pid 1 always runs (init); the lock file says it owns the directory.
    fs.writeFileSync(path.join(dir, "rarita.lock"), "1");
    let caught: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const error = caught as DataDirLockedError;
    expect(error.dir).toBe(dir);
    expect(error.ownerPid).toBe(1);
    expect(error.message).toContain(dir);
    expect(error.message).toContain("pid 1");
    expect(error.message).toContain("already in use");
    // The other owner's lock is left alone.
    expect(fs.readFileSync(path.join(dir, "rarita.lock"), "utf8")).toBe("1");
  });

  it("takes over a stale lock left by a process that no longer runs", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    fs.writeFileSync(file, String(deadPid()));
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(file).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it.runIf(hasProc)(
    "takes over at once a lock whose holder was killed but not yet reaped by its parent (a zombie)",
    async () => {
      const dir = tempDir();
      const lockModule = path.join(root, "server/db/data-dir-lock.ts");
      // The holder's parent is a shell that execs `sleep`, which never waits for children: the
      // holder, once killed, stays a zombie (its pid still answers kill(pid, 0)) until the sleep ends.
      const holderCode = `import(${JSON.stringify(lockModule)}).then((m) => { m.acquireDataDirLock(process.argv[1]); console.log("ready"); setInterval(() => {}, 1 << 30); })`;
      const parent = spawn(
        "sh",
        ["-c", 'node -e "$0" "$1" & echo "pid $!"; exec sleep 600', holderCode, dir],
        {
          env: { ...childEnv(), PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
          stdio: "pipe",
        },
      );
      children.push(parent);
      let output = "";
      let errors = "";
      parent.stderr?.on("data", (chunk: Buffer) => {
        errors += chunk.toString();
      });
      await new Promise<void>((resolve, reject) => {
        parent.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("ready")) resolve();
        });
        parent.once("exit", () => reject(new Error(`the holder's parent exited: ${errors}`)));
      });
      const holderPid = Number(output.match(/pid (\d+)/)?.[1]);
      expect(ownerOf(path.join(dir, "rarita.lock")).pid).toBe(holderPid);

      process.kill(holderPid, "SIGKILL");
      const state = () => fs.readFileSync(`/proc/${holderPid}/stat`, "utf8").split(") ")[1]?.[0];
      while (state() !== "Z") await new Promise((resolve) => setTimeout(resolve, 10));

      const lock = acquireDataDirLock(dir);
      expect(ownerOf(path.join(dir, "rarita.lock")).pid).toBe(process.pid);
      lock.release();
    },
  );

  it("takes over a lock file that holds no pid (an interrupted write)", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    fs.writeFileSync(file, "");
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(file).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock that names this process's own pid but was left by an earlier process (a container's pid 1 after a crash)", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    const earlier: LockOwner = { pid: process.pid, start: "1", host: os.hostname(), boot: bootId() };
    fs.writeFileSync(file, JSON.stringify(earlier));
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(file).start).not.toBe("1");
    // Held now, so a second open from this process is refused again.
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it.skipIf(!hasProc)("tells the recording process from an unrelated one that reused its pid", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    // pid 1 runs, but it started at another time than the recorded owner: the pid was reused.
    const reused: LockOwner = {
      pid: 1,
      start: String(Number(processStartTime(1)) + 12345),
      host: os.hostname(),
      boot: bootId(),
    };
    fs.writeFileSync(file, JSON.stringify(reused));
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(file).pid).toBe(process.pid);
    lock.release();

    // The very process that recorded the lock (same pid and start time) keeps it.
    const live: LockOwner = { ...reused, start: processStartTime(1) };
    fs.writeFileSync(file, JSON.stringify(live));
    expect(() => acquireDataDirLock(dir)).toThrow(/already in use by another Rarita process \(pid 1\)/);
    expect(ownerOf(file)).toEqual(live);
  });

  it.skipIf(!hasProc)("takes over a lock from an earlier boot of this machine", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    const beforeReboot: LockOwner = {
      pid: 1,
      start: processStartTime(1),
      host: os.hostname(),
      boot: "00000000-0000-0000-0000-000000000000",
    };
    fs.writeFileSync(file, JSON.stringify(beforeReboot));
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(file).boot).toBe(bootId());
    lock.release();
  });

  it("respects a lock held on another host, whose processes cannot be checked from here", () => {
    const dir = tempDir();
    const file = path.join(dir, "rarita.lock");
    const remote = JSON.stringify({ pid: deadPid(), start: "42", host: "jiny-server", boot: null });
    fs.writeFileSync(file, remote);
    let caught: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const message = (caught as Error).message;
    expect(message).toContain("host jiny-server");
    expect(message).toContain(file);
    expect(message).not.toContain("\n");
    expect(fs.readFileSync(file, "utf8")).toBe(remote);
  });

  it("does not remove a lock that another process took over after a release", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    fs.writeFileSync(lock.file, "1");
    lock.release();
    expect(fs.readFileSync(lock.file, "utf8")).toBe("1");
  });
});

describe("the embedded database and a second process", () => {
  it("refuses to open a data directory another process holds, and opens it intact once that process stops", async () => {
    const dataDir = tempDir();
    const holder = await startHolder(dataDir);

    let caught: unknown;
    try {
      const database = await openDatabase({ engine: "pglite", dataDir });
      await database.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const message = (caught as Error).message;
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${holder.pid}`);
    // The refused attempt left the holder's lock in place.
    expect(ownerOf(path.join(dataDir, "rarita.lock")).pid).toBe(holder.pid);

    holder.kill("SIGTERM");
    const exit = await waitForExit(holder);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "rarita.lock"))).toBe(false);

    const database = await openDatabase({ engine: "pglite", dataDir });
    try {
      await database.exec("create table lock_probe (id int primary key); insert into lock_probe values (1);");
      const result = (await database.db.execute(
        sql`select count(*)::int as n from lock_probe`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0].n).toBe(1);
      // The migrations the holder applied are recorded once and intact.
      const migrations = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(migrations.rows[0].n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("stops the server with exit code 1 and one line when its data directory is in use", async () => {
    const dataDir = tempDir();
    const lock = acquireDataDirLock(dataDir);
    try {
      const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      children.push(server.child);
      const exit = await server.exited;
      expect(exit.code, server.stderr()).toBe(1);
      const lines = server.stderr().trimEnd().split("\n");
      expect(lines, server.stderr()).toHaveLength(1);
      expect(lines[0]).toContain("already in use");
      expect(lines[0]).toContain(dataDir);
      expect(lines[0]).toContain(`pid ${process.pid}`);
      expect(server.stdout()).toBe("");
      // The refused server left our lock alone.
      expect(ownerOf(lock.file).pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  }, 60_000);
});
