import fs from "node:fs";
import pg from "pg";

/**
 * Where a benchmark's CPU goes on this machine (Linux's /proc): a server process, the PostgreSQL
 * backends of its database, and the benchmark's own process (bench/bidding.ts).
 */

/** CPU seconds (user and system) of a process of this machine so far; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export type CpuSnapshot = { server: number; backends: Map<number, number>; here: number };
export type CpuUse = { server: number; postgres: number; here: number };

/**
 * Where the CPU goes, on PostgreSQL (null on PGlite, or without /proc): snapshots of the server
 * process, the database's backends and this process, whose differences cover the window.
 */
export async function cpuProbe(databaseUrl: string, serverPid?: number | number[]) {
  const serverPids = serverPid === undefined ? [] : [serverPid].flat();
  if (!databaseUrl || !fs.existsSync("/proc/self/stat")) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const snapshot = async (): Promise<CpuSnapshot> => {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database()",
    );
    const usage = process.cpuUsage();
    return {
      server: serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      backends: new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)])),
      here: (usage.user + usage.system) / 1e6,
    };
  };
  const between = (before: CpuSnapshot, after: CpuSnapshot): CpuUse => ({
    server: after.server - before.server,
    // A backend that connected during the window counts whole.
    postgres: [...after.backends].reduce((sum, [pid, cpu]) => sum + cpu - (before.backends.get(pid) ?? 0), 0),
    here: after.here - before.here,
  });
  return { snapshot, between, close: () => client.end() };
}
export type CpuProbe = NonNullable<Awaited<ReturnType<typeof cpuProbe>>>;
