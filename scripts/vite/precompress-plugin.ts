import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text, above the size where the headers outweigh the gain. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html)$/;
const MIN_BYTES = 1024;
/**
 * Brotli quality 7: on this project's 3 MB of assets it came within 7 % of quality 11 in a twentieth
 * of the time (about 1 s against 20 s on a loaded 2-core machine), and the tests build often.
 */
const BROTLI_QUALITY = 7;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the client build, so the
 * server sends hashed assets compressed without compressing them per request (serveStatic's
 * `precompressed`, server/http/app.ts).
 */
export function precompressPlugin(): Plugin {
  return {
    name: "rarita-precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const bytes = await fs.readFile(full);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzip(bytes, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
          }),
      );
    },
  };
}
