/**
 * The types and the printed table of page-cost.ts: one row per page and side (uncached, cached,
 * nginx, node:http), CPU ms per request, and the cached rate against the references.
 */

/** A page; `cookie`: a signed-in page's session, sent with every request (wrk's too). */
export type Page = { name: string; path: string; cookie?: string };

/** One wrk run: its requests, latencies (ms) and the CPU ms of Node and PostgreSQL around it. */
export type Run = {
  requests: number;
  seconds: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  cpuMs: number;
  pgMs: number;
};

/** The references of one page: nginx and the bare node:http server on the same bytes. */
export type References = Record<string, { nginx: Run; node: Run }>;

function row(cells: (string | number)[], widths: number[]) {
  const cell = (value: string | number, i: number) =>
    /^[\d.-]+$/.test(String(value)) ? String(value).padStart(widths[i]) : String(value).padEnd(widths[i]);
  return `| ${cells.map(cell).join(" | ")} |`;
}

export function printTable(
  pages: Page[],
  uncached: Record<string, Run>,
  cached: Record<string, Run>,
  refs: References,
) {
  const widths = [9, 9, 7, 6, 6, 6, 7, 7, 7, 6];
  console.log(
    row(
      ["page", "path", "req/s", "p50 ms", "p95 ms", "p99 ms", "Node ms", "PG ms", "CPU ms", "errors"],
      widths,
    ),
  );
  console.log(
    row(
      widths.map((w) => "-".repeat(w)),
      widths,
    ),
  );
  const line = (label: string, name: string, run: Run) => {
    const perRequest = (ms: number) => (run.requests ? (ms / run.requests).toFixed(2) : "-");
    console.log(
      row(
        [
          name,
          label,
          (run.requests / run.seconds).toFixed(0),
          run.p50.toFixed(1),
          run.p95.toFixed(1),
          run.p99.toFixed(1),
          perRequest(run.cpuMs),
          perRequest(run.pgMs),
          perRequest(run.cpuMs + run.pgMs),
          run.errors,
        ],
        widths,
      ),
    );
  };
  for (const page of pages) {
    line("uncached", page.name, uncached[page.name]);
    if (cached[page.name]) line("cached", page.name, cached[page.name]);
    line("nginx", page.name, refs[page.name].nginx);
    line("node:http", page.name, refs[page.name].node);
  }
  console.log("");
  for (const page of pages.filter((page) => cached[page.name])) {
    const rate = (run: Run) => run.requests / run.seconds;
    const c = rate(cached[page.name]);
    console.log(
      `${page.name}: cached = ${((100 * c) / rate(refs[page.name].nginx)).toFixed(1)} % of nginx, ${((100 * c) / rate(refs[page.name].node)).toFixed(1)} % of node:http`,
    );
  }
}
