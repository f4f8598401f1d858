import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * With CHUNK_REPORT=<file>, the client build writes what each chunk is made of (module, rendered
 * bytes before minification) to that file as JSON: to find what weighs in a route's JavaScript
 * (issue 18, bench/README.md). Off otherwise.
 */
export function chunkReportPlugin(): Plugin {
  const target = process.env.CHUNK_REPORT;
  return {
    name: "rarita-chunk-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (!target || this.environment?.name !== "client") return;
      const report: Record<string, { bytes: number; modules: Record<string, number> }> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules))
          modules[path.relative(process.cwd(), id)] = info.renderedLength;
        report[file] = { bytes: output.code.length, modules };
      }
      fs.writeFileSync(target, JSON.stringify(report, null, 1));
    },
  };
}
