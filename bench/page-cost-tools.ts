/**
 * The measuring parts of page-cost.ts: CPU time from /proc, wrk with a JSON summary, and the
 * references (an nginx config, a bare node:http server) that serve the same bytes.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import type pg from "pg";

const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"]).stdout.toString().trim()) || 100;
/**
 * A browser's User-Agent on every request: a crawler's (isbot, which counts Node's fetch and curl)
 * gets neither the page cache nor the age gate.
 */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** utime + stime of a process in clock ticks, with its parent, or null when it is gone. */
function readStat(pid: number): { ticks: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** The CPU ticks of a process and all its descendants (a server may fork workers). */
export function treeTicks(rootPid: number): Map<number, number> {
  const all = new Map<number, { ticks: number; ppid: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) all.set(Number(entry), stat);
  }
  const out = new Map<number, number>();
  const visit = (pid: number) => {
    const stat = all.get(pid);
    if (!stat) return;
    out.set(pid, stat.ticks);
    for (const [child, s] of all) if (s.ppid === pid) visit(child);
  };
  visit(rootPid);
  return out;
}

/** The CPU ticks of every backend of the bench's database except the asking one. */
export async function backendTicks(client: pg.Client): Promise<Map<number, number>> {
  const result = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const out = new Map<number, number>();
  for (const { pid } of result.rows) {
    const stat = readStat(pid);
    if (stat) out.set(pid, stat.ticks);
  }
  return out;
}

/** Milliseconds of CPU between two readings (a process new in `after` counts from zero). */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return (ticks * 1000) / clockTicks;
}

export const WRK_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"status":%d,"other":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** wrk against a URL for `seconds`; its JSON summary line. `headers`: more, as "Name: value". */
export function wrk(
  url: string,
  seconds: number,
  options: { threads: string; connections: string; script: string; headers?: string[] },
) {
  const result = spawnSync(
    "wrk",
    [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${seconds}s`,
      "--timeout",
      "10s",
      "-H",
      `User-Agent: ${BROWSER}`,
      "-H",
      "Accept: text/html",
      ...(options.headers ?? []).flatMap((header) => ["-H", header]),
      "-s",
      options.script,
      url,
    ],
    { encoding: "utf8" },
  );
  const line = result.stdout.split("\n").find((text) => text.startsWith("{"));
  if (!line) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  return JSON.parse(line) as Record<"requests" | "us" | "status" | "other" | "p50" | "p95" | "p99", number>;
}

/** A GET whose body stays as it was sent (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

/** A body in its Content-Encoding, decoded. */
export function decoded(body: Buffer, contentEncoding: string): Buffer {
  if (contentEncoding === "zstd") return zlib.zstdDecompressSync(body);
  if (contentEncoding === "br") return zlib.brotliDecompressSync(body);
  if (contentEncoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

/** nginx on the saved pages; `contentEncoding`: how they were saved (sent as their Content-Encoding). */
export function nginxConfig(work: string, referencePort: number, contentEncoding = "identity") {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `  ${name}_temp_path ${work}/nginx-${name};`)
    .join("\n");
  return `worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
${temp}
  server {
    listen 127.0.0.1:${referencePort};
    root ${work}/html;
    location / { default_type text/html; charset utf-8;${contentEncoding === "identity" ? "" : ` add_header Content-Encoding ${contentEncoding};`} }
  }
}
`;
}

export const BARE_SERVER = `
const http = require("node:http"); const fs = require("node:fs"); const path = require("node:path");
const [dir, port, encoding = "identity"] = process.argv.slice(1);
const files = new Map(fs.readdirSync(dir).map((name) => ["/" + name, fs.readFileSync(path.join(dir, name))]));
http.createServer((req, res) => {
  const body = files.get(req.url);
  if (!body) { res.statusCode = 404; res.end(); return; }
  const headers = { "content-type": "text/html; charset=utf-8", "content-length": body.byteLength };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), "127.0.0.1");
`;
