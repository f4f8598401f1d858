/**
 * Where a page's server CPU goes in the steady state (issue 40; not part of `npm test`): starts
 * the production server as page-cost.ts does (PAGE_CACHE=off, WORKERS=1, the live terms loaded),
 * warms it up under wrk, profiles Node's CPU only while wrk asks for the page again
 * (profile-window.ts), and prints the functions with the most time of their own per request,
 * and the profile for Chrome DevTools or speedscope.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rarita_bench_1000000 node bench/server-profile.ts \
 *     --path '/3/whisky?p_age_years_od=12&p_age_years_do=18' --data-dir /tmp/rarita-bench-files-1000000 \
 *     [--seconds 15] [--connections 8] [--warmup 8] [--port 3720] [--top 30] [--out /tmp/page.cpuprofile]
 *     [--encoding browser]   (Chromium's Accept-Encoding and the age and intro cookies: page-cost's
 *                             `--encoding browser`, the compression in the profile too)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startProductionServer, stopProcess } from "./production-server.ts";
import { profileWindowEnv, startProfile, stopProfile } from "./profile-window-control.ts";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/3/whisky" },
    "data-dir": { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "8" },
    warmup: { type: "string", default: "8" },
    port: { type: "string", default: "3720" },
    top: { type: "string", default: "30" },
    out: { type: "string", default: "/tmp/rarita-server-profile.cpuprofile" },
    encoding: { type: "string", default: "identity" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL names the database to serve (a seed:large one)");

const port = Number(values.port);
const url = `http://127.0.0.1:${port}${values.path}`;
const out = path.resolve(values.out);

/** As a browser asks: uncompressed (page-cost's default), or compressed with the overlays answered. */
const browserHeaders =
  values.encoding === "browser"
    ? ["-H", "Accept-Encoding: gzip, deflate, br, zstd", "-H", "Cookie: age-confirmed=1; intro-popup=hidden"]
    : [];

/** wrk asking for the page. */
function wrk(seconds: string): string {
  return execFileSync(
    "wrk",
    ["-t2", `-c${values.connections}`, `-d${seconds}s`, "-H", "Accept: text/html", ...browserHeaders, url],
    { encoding: "utf8" },
  );
}

const server = await startProductionServer(port, {
  DATABASE_URL: databaseUrl,
  ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}),
  PAGE_CACHE: "off",
  WORKERS: "1",
  ...profileWindowEnv(out),
});
let requests = 0;
try {
  wrk(values.warmup);
  await startProfile(server);
  const report = wrk(values.seconds);
  requests = Number(/(\d+) requests in/.exec(report)?.[1] ?? 0);
  console.log(report.trim());
  await stopProfile(server, out);
} finally {
  await stopProcess(server);
}
if (!existsSync(out)) throw new Error("the server wrote no profile");
printTop(JSON.parse(readFileSync(out, "utf8")), requests, Number(values.top));
console.log(`\nprofile: ${out}`);

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** Each function's own time (all its nodes), per request, the largest first. */
function printTop(profile: Profile, count: number, top: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    if (!frame) return;
    const where = frame.url.split("/").slice(-2).join("/");
    const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    own.set(key, (own.get(key) ?? 0) + micros);
  });
  const perRequest = (micros: number) => (count > 0 ? (micros / 1000 / count).toFixed(3) : "-");
  console.log(
    `\n${count} requests profiled, ${(total / 1e6).toFixed(1)} s; ms of Node's own time a request:`,
  );
  for (const [key, micros] of [...own].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${perRequest(micros).padStart(8)}  ${key}`);
}
