import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { buildDirectory } from "#server/build-directory.ts";
import { chunkReportPlugin } from "./scripts/vite/chunk-report-plugin.ts";
import { criticalCssPlugin } from "./scripts/vite/critical-css-plugin.ts";
import { precompressPlugin } from "./scripts/vite/precompress-plugin.ts";
import { textsPlugin } from "./scripts/vite/texts-plugin.ts";

export default defineConfig({
  // textsPlugin: the browser gets one language's texts, the back office's only on its pages.
  // precompressPlugin: .br and .gz beside each asset, sent as they are (server/http/app.ts).
  // criticalCssPlugin: the first screen's rules of the stylesheet, inlined by the server (ADR 0114).
  // chunkReportPlugin: CHUNK_REPORT=<file> writes what each chunk is made of (bench/README.md).
  plugins: [
    textsPlugin(import.meta.dirname),
    tailwindcss(),
    reactRouter(),
    criticalCssPlugin(import.meta.dirname),
    precompressPlugin(),
    chunkReportPlugin(),
    // The service worker (ADR 0110): app/pwa/sw.ts built to /sw.js with the list of what it
    // precaches injected: the offline page, its script, the icons and the manifests (written to
    // public/ by `npm run pwa:assets`). The page registers it itself (app/pwa/start.ts) and the
    // manifests are files of public/, so the plugin adds neither.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "app/pwa",
      filename: "sw.ts",
      // The client build's folder: the plugin would take the top-level outDir (dist/), not the
      // client environment's React Router sets.
      outDir: path.join(buildDirectory(), "client"),
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["offline.html", "offline.js", "icons/*.png", "manifest.*.webmanifest", "favicon.ico"],
        minify: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: every page needs all of it, in one request.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 20,
                },
                // The app's modules every page runs before it hydrates (the entry's and the root
                // route's static imports): one request instead of 25 to 30 small chunks, which on a
                // phone's few connections queue before the route's own (bench/README.md, Lighthouse).
                // Only what the root already loads: a part loaded apart stays apart.
                { name: shellChunk(import.meta.dirname), priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
});

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Names "shell" every module of the app statically reachable from the client entry or the root
 * route (never a module loaded by a dynamic import only, never a package: the framework group
 * takes React's), null for the rest, which rolldown splits as before.
 */
function shellChunk(root: string) {
  const starts = [path.join(root, "app/entry.client.tsx"), path.join(root, "app/root.tsx")];
  let shell: Set<string> | null = null;
  return (id: string, graph: ModuleGraph) => {
    if (!shell) {
      shell = new Set();
      const queue = [...starts];
      while (queue.length > 0) {
        const next = queue.pop() as string;
        if (shell.has(next)) continue;
        shell.add(next);
        queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    const local = !id.includes("node_modules") && !id.startsWith("\0") && !id.endsWith(".css");
    return local && shell.has(id) && !starts.includes(id) ? "shell" : null;
  };
}
