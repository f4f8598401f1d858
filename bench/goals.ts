/**
 * Issue 40's goals against one run of bench/run.ts: each figure, its goal, the reference measured
 * in the same run and whether it is met. Pure: it reads the run's results and prints them.
 */

/** One figure of the run against its goal. */
export type Goal = {
  area: string;
  figure: string;
  value: number;
  unit: string;
  goal: string;
  met: boolean;
  reference?: string;
};

type Run = { requests: number; seconds: number; p95: number; cpuMs: number; pgMs: number };
type PageRun = {
  name: string;
  path: string;
  bytes: { html: number; wire: number; inlineCss: number; inlineCssGzip: number };
  uncached: Run;
  cached: Run | null;
  nginx: Run;
  nodeHttp: Run;
};
type PageCost = {
  products: number;
  pages: PageRun[];
  memory: Record<string, { largest: number; sum: number; startedLargest?: number }>;
};
type Weight = { page: string; visit: string; kind: "html" | "js" | "css"; wire: number; gzip: number };
type Lighthouse = { page: string; score: number; lcp: number; tbt: number; cls: number };
type Live = { bids: number; withinOneSecond: number; p50: number; p95: number; max: number; missed: number };
type Latency = { requests: number; p50: number; p95: number; p99: number; max: number };
type Deals = {
  concurrent: number;
  pay: Latency & { cpu: { serverMs: number; postgresMs: number } | null; reference: Latency };
  webhook: Latency & { cpu: { serverMs: number; postgresMs: number } | null; reference: Latency };
};
type Bids = {
  runs: {
    part?: string;
    decisionsPerSecond: number;
    perSecond?: number;
    p95: number;
    accepted: number;
    viewers?: number;
    live?: Live | null;
  }[];
};

const perRequest = (ms: number, run: Run) => (run.requests ? ms / run.requests : Number.NaN);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const rate = (run: Run) => run.requests / run.seconds;

export function goalsOf(results: Record<string, unknown>): Goal[] {
  const goals: Goal[] = [];
  const add = (goal: Goal) => goals.push({ ...goal, value: round(goal.value) });
  const pages = (results.pages ?? {}) as Record<string, PageCost>;
  for (const [products, run] of Object.entries(pages)) {
    for (const page of run.pages) {
      const reference = `nginx ${perRequest(page.nginx.cpuMs, page.nginx).toFixed(3)} ms, node:http ${perRequest(page.nodeHttp.cpuMs, page.nodeHttp).toFixed(3)} ms a request (${rate(page.nginx).toFixed(0)} and ${rate(page.nodeHttp).toFixed(0)} req/s)`;
      const node = perRequest(page.uncached.cpuMs, page.uncached);
      const postgres = perRequest(page.uncached.pgMs, page.uncached);
      const area = `server CPU, ${products} products`;
      add({
        area,
        figure: `${page.name} Node`,
        value: node,
        unit: "ms",
        goal: "≤ 5",
        met: node <= 5,
        reference,
      });
      add({
        area,
        figure: `${page.name} PostgreSQL`,
        value: postgres,
        unit: "ms",
        goal: "≤ 3",
        met: postgres <= 3,
      });
      if (page.cached) {
        const cached = perRequest(page.cached.cpuMs, page.cached);
        const nginx = perRequest(page.nginx.cpuMs, page.nginx);
        add({
          area: `cached path, ${products} products`,
          figure: `${page.name} cached CPU / nginx CPU`,
          value: cached / nginx,
          unit: "×",
          goal: "≤ 2",
          met: cached <= 2 * nginx,
          reference: `cached ${cached.toFixed(3)} ms, nginx ${nginx.toFixed(3)} ms a request`,
        });
      }
    }
    const memory = run.memory.uncached ?? run.memory.cached;
    if (memory)
      add({
        area: "memory",
        figure: `largest server process, ${products} products`,
        value: memory.largest,
        unit: "MB",
        goal: "< 300",
        met: memory.largest < 300,
        reference: `all processes at most ${memory.sum} MB; the largest right after its start ${memory.startedLargest ?? "?"} MB`,
      });
  }
  const scales = Object.keys(pages)
    .map(Number)
    .sort((a, b) => a - b);
  if (scales.length > 1) {
    const small = pages[scales[0]];
    const large = pages[scales[scales.length - 1]];
    for (const page of small.pages) {
      const other = large.pages.find((candidate) => candidate.name === page.name);
      if (!other) continue;
      for (const side of ["cpuMs", "pgMs"] as const) {
        const growth =
          perRequest(other.uncached[side], other.uncached) / perRequest(page.uncached[side], page.uncached);
        add({
          area: "growth",
          figure: `${page.name} ${side === "cpuMs" ? "Node" : "PostgreSQL"} ${scales[0]} → ${scales[scales.length - 1]}`,
          value: growth,
          unit: "×",
          goal: "≤ 1.3",
          met: growth <= 1.3,
        });
      }
    }
  }
  const first = pages[scales[0]];
  for (const page of first?.pages ?? []) {
    // The 14 KB of the goal are TCP's first window (ten packets): bytes on the wire, so the
    // inline part is measured compressed (gzip, larger than the Brotli a browser gets); its text
    // beside it (ADR 0114).
    add({
      area: "bytes",
      figure: `${page.name} inline CSS, compressed (text ${(page.bytes.inlineCss / 1024).toFixed(1)} KB)`,
      value: page.bytes.inlineCssGzip / 1024,
      unit: "KB",
      goal: "≤ 14",
      met: page.bytes.inlineCssGzip <= 14 * 1024,
    });
    if (page.name.startsWith("category"))
      add({
        area: "bytes",
        figure: `${page.name} HTML`,
        value: page.bytes.html / 1024,
        unit: "KB",
        goal: "≤ 100",
        met: page.bytes.html <= 100 * 1024,
      });
  }
  const weight = (results.weight ?? []) as Weight[];
  for (const page of first?.pages ?? []) {
    const rows = weight.filter((row) => row.page === page.path && row.visit === "first");
    const js = rows.find((row) => row.kind === "js");
    const css = rows.find((row) => row.kind === "css");
    if (js)
      add({
        area: "bytes",
        figure: `${page.name} JavaScript, first visit`,
        value: js.wire / 1024,
        unit: "KB",
        goal: "≤ 100",
        met: js.wire <= 100 * 1024,
      });
    const allCss = (css?.wire ?? 0) + page.bytes.inlineCssGzip;
    add({
      area: "bytes",
      figure: `${page.name} all CSS, compressed`,
      value: allCss / 1024,
      unit: "KB",
      goal: "≤ 40",
      met: allCss <= 40 * 1024,
    });
  }
  // Issue 40, item 5: each median against its bound.
  const PHONE: [
    label: string,
    key: "score" | "lcp" | "cls" | "tbt",
    unit: string,
    goal: string,
    met: (value: number) => boolean,
  ][] = [
    ["score", "score", "", "≥ 95", (value) => value >= 95],
    ["LCP", "lcp", "ms", "≤ 2000", (value) => value <= 2000],
    ["CLS", "cls", "", "≤ 0.05", (value) => value <= 0.05],
    ["TBT", "tbt", "ms", "≤ 150", (value) => value <= 150],
  ];
  for (const row of (results.lighthouse ?? []) as Lighthouse[]) {
    const name = first?.pages.find((page) => page.path === row.page)?.name ?? row.page;
    for (const [label, key, unit, goal, met] of PHONE)
      add({ area: "phone", figure: `${name} ${label}`, value: row[key], unit, goal, met: met(row[key]) });
  }
  const bids = (results.bids as Bids | undefined)?.runs.find((run) => run.part === "api");
  // The floor of the same run: the auction's row locked, written and committed, nothing else.
  const floor = (results.bids as Bids | undefined)?.runs.find((run) => run.part === "reference");
  const beside = floor
    ? `the row lock + commit alone ${floor.perSecond?.toFixed(0)}/s, p95 ${floor.p95.toFixed(1)} ms`
    : undefined;
  if (bids) {
    add({
      area: "bids",
      figure: "bid decisions a second",
      value: bids.decisionsPerSecond,
      unit: "/s",
      goal: "≥ 500",
      met: bids.decisionsPerSecond >= 500,
      reference: beside,
    });
    add({
      area: "bids",
      figure: "bid decision p95",
      value: bids.p95,
      unit: "ms",
      goal: "≤ 50",
      met: bids.p95 <= 50,
    });
    if (bids.live)
      add({
        area: "bids",
        figure: `accepted bids shown to all ${bids.viewers} viewers within 1 s`,
        value: 100 * bids.live.withinOneSecond,
        unit: "%",
        goal: "100",
        met: bids.live.withinOneSecond === 1,
        reference: `${bids.live.bids} bids: p50 ${bids.live.p50.toFixed(0)} ms, p95 ${bids.live.p95.toFixed(0)} ms, max ${bids.live.max.toFixed(0)} ms, ${bids.live.missed} never shown`,
      });
  }
  const deals = results.deals as Deals | undefined;
  if (deals)
    for (const [figure, run] of [
      ["paying a deal p95", deals.pay],
      ["the provider's webhook p95", deals.webhook],
    ] as const)
      add({
        area: `deals, ${deals.concurrent} at once`,
        figure,
        value: run.p95,
        unit: "ms",
        goal: "≤ 50",
        met: run.p95 <= 50,
        reference: `node:http answering the same bytes p95 ${run.reference.p95.toFixed(1)} ms${run.cpu ? `; ${run.cpu.serverMs.toFixed(2)} ms of the server's CPU and ${run.cpu.postgresMs.toFixed(2)} of PostgreSQL's a request` : ""}`,
      });
  return goals;
}

export function printGoals(results: Record<string, unknown>, goals: Goal[]) {
  const load = results.load as { before: number; after: number };
  console.log(
    `\n# Issue 40's goals, commit ${results.commit}${results.dirty ? " (with uncommitted changes)" : ""}, ${results.quick ? "quick" : "full"} run, load ${load.before} before and ${load.after} after`,
  );
  const areas = [...new Set(goals.map((goal) => goal.area))];
  for (const area of areas) {
    console.log(`\n${area}`);
    for (const goal of goals.filter((candidate) => candidate.area === area)) {
      const value = `${goal.value}${goal.unit ? ` ${goal.unit}` : ""}`;
      console.log(
        `  ${goal.met ? "met    " : "NOT MET"}  ${goal.figure.padEnd(44)} ${value.padStart(10)}  (goal ${goal.goal})${goal.reference ? `  beside ${goal.reference}` : ""}`,
      );
    }
  }
  const met = goals.filter((goal) => goal.met).length;
  console.log(`\n${met} of ${goals.length} figures within their goals.`);
}
