/**
 * Shared by bench/api.ts and bench/processes.ts: start the production server (one or several
 * workers), start a bare node:http server answering fixed bytes, drive a URL with wrk (Debian's
 * `wrk`), and read a process tree's CPU time from /proc. Only localhost is contacted.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  /** Answers that were not 2xx/3xx, and socket errors or timeouts. */
  bad: number;
  /** CPU time (user + system) of the measured server's processes per request, in microseconds. */
  cpuUsPerRequest: number | null;
};

const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.status + e.connect + e.read + e.write + e.timeout))
end
`;

/** wrk with `connections` connections on 2 threads for `seconds`; `pids`' CPU is read around it. */
export async function runWrk(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string>; pids?: number[] },
): Promise<LoadResult> {
  const script = path.join(os.tmpdir(), `rarita-wrk-${process.pid}.lua`);
  fs.writeFileSync(script, WRK_SCRIPT);
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const threads = String(Math.min(2, options.connections));
  const args = ["-t", threads, "-c", String(options.connections), "-d", `${options.seconds}s`];
  const cpuBefore = options.pids ? cpuTicks(options.pids) : 0;
  const output = await new Promise<string>((resolve, reject) =>
    execFile("wrk", [...args, "--timeout", "5s", "-s", script, ...headerArgs, url], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const cpu = options.pids ? cpuTicks(options.pids) - cpuBefore : null;
  const line = output.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const [requests, durationUs, p50, p95, p99, bad] = line.split(" ").slice(1).map(Number);
  const seconds = durationUs / 1e6;
  const ticksPerSecond = 100;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50ms: p50 / 1000,
    p95ms: p95 / 1000,
    p99ms: p99 / 1000,
    bad,
    cpuUsPerRequest: cpu === null ? null : ((cpu / ticksPerSecond) * 1e6) / Math.max(1, requests),
  };
}

/** The process and all its descendants (cluster workers). */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (list) children.push(...list.split(" ").map(Number));
    }
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** utime + stime of the processes, in clock ticks (1/100 s). */
export function cpuTicks(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return total;
}

export type Started = {
  process: ChildProcess;
  base: string;
  pids: () => number[];
  stop: () => Promise<void>;
};

async function waitUntilUp(child: ChildProcess, url: string, seconds: number) {
  for (let attempt = 0; attempt < seconds * 4; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/**
 * The production server (NODE_ENV=production, the default LOG_LEVEL=info: one request-log line
 * per request, written to /dev/null), on `dataDir` or DATABASE_URL, with the demo data.
 */
export async function startServer(options: {
  port: number;
  /** Another checkout to run (a reference worktree; bench/api.ts --ref-root); this one by default. */
  root?: string;
  dataDir: string;
  databaseUrl?: string;
  workers?: number;
  env?: Record<string, string>;
}): Promise<Started> {
  const base = `http://127.0.0.1:${options.port}`;
  const dir = options.root ?? root;
  const child = spawn(process.execPath, [path.join(dir, "server/main.ts")], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      SEED_DEMO: "true",
      DATABASE_URL: options.databaseUrl ?? "",
      WORKERS: String(options.workers ?? 1),
      LOG_LEVEL: "info",
      ...options.env,
    },
  });
  await waitUntilUp(child, `${base}/api/health`, 300);
  return { process: child, base, pids: () => processTree(child.pid ?? 0), stop: stopper(child) };
}

export type Recorded = { status: number; headers: [string, string][]; body: Buffer; headerBytes: number };

/** One answer as it went over the wire: status, raw headers (minus per-connection ones) and body. */
export function record(url: string, headers: Record<string, string> = {}): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = response.rawHeaders;
          const pairs: [string, string][] = [];
          let headerBytes = 0;
          for (let i = 0; i < raw.length; i += 2) {
            headerBytes += raw[i].length + raw[i + 1].length + 4;
            if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(raw[i]))
              pairs.push([raw[i], raw[i + 1]]);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: pairs,
            body: Buffer.concat(chunks),
            headerBytes,
          });
        });
      })
      .on("error", reject);
  });
}

/** A bare node:http server in its own process, answering every request with `answer`. */
export async function startBare(port: number, answer: Recorded): Promise<Started> {
  const file = path.join(os.tmpdir(), `rarita-bare-${process.pid}-${port}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }),
  );
  const child = spawn(process.execPath, [path.join(root, "bench/bare-server.ts"), String(port), file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, base, 20);
  return { process: child, base, pids: () => [child.pid ?? 0], stop: stopper(child) };
}

export const loadAverage = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];

export const fmt = (n: number, digits = 0) => n.toFixed(digits);
