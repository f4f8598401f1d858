import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ANY_PAGE, type CriticalList, keysOf } from "../critical-css/list.ts";
import { criticalCss } from "../critical-css/rules.ts";

/** The client build's file that names each stylesheet's critical part (app/entry.server.tsx reads it). */
export const CRITICAL_CSS_MANIFEST = "critical-css.json";

/**
 * Writes `critical-css.json` into the client build: for each built stylesheet (`/assets/root-….css`)
 * and each page of app/critical-css.json, the rules of it that page's first screens use, and under
 * `*` those of every page, for the pages not measured. The page carries its part inline while the
 * whole sheet arrives as a file (ADR 0114). The list is read at build time, so a build always
 * matches it.
 */
export function criticalCssPlugin(root: string): Plugin {
  const listFile = path.join(root, "app/critical-css.json");
  return {
    name: "rarita-critical-css",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      this.addWatchFile(listFile);
      const list: CriticalList = JSON.parse(fs.readFileSync(listFile, "utf8"));
      const manifest: Record<string, Record<string, string>> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !file.fileName.endsWith(".css")) continue;
        const css = typeof file.source === "string" ? file.source : new TextDecoder().decode(file.source);
        const pages = [ANY_PAGE, ...Object.keys(list.pages)];
        manifest[`/${file.fileName}`] = Object.fromEntries(
          pages.map((page) => [page, criticalCss(css, keysOf(list, page))]),
        );
      }
      this.emitFile({ type: "asset", fileName: CRITICAL_CSS_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}
