import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkReportPlugin } from "./scripts/vite/chunk-report-plugin.ts";
import { precompressPlugin } from "./scripts/vite/precompress-plugin.ts";
import { textsPlugin } from "./scripts/vite/texts-plugin.ts";

export default defineConfig({
  // textsPlugin: the browser gets one language's texts, the back office's only on its pages.
  // precompressPlugin: .br and .gz beside each asset, sent as they are (server/http/app.ts).
  // chunkReportPlugin: CHUNK_REPORT=<file> writes what each chunk is made of (bench/README.md).
  plugins: [
    textsPlugin(import.meta.dirname),
    tailwindcss(),
    reactRouter(),
    precompressPlugin(),
    chunkReportPlugin(),
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
              ],
            },
          },
        },
      },
    },
  },
});
