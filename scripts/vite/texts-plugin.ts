import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const PREFIX = "virtual:rarita-texts/";
const LOCALES = ["cs", "en"] as const;

/**
 * Splits the UI texts for the browser (ADR 0030). The server reads every text of both languages
 * (core/i18n/catalogue.ts); the client build swaps that module for app/i18n/catalogue.client.ts and
 * gets from here one module per language and part: `cs-site` (cs.json and every `ui/*.json` but the
 * back office's `admin*` files, in Czech only) and `cs-admin` (the `admin*` files), the same in
 * English. Each is its own chunk, parsed with JSON.parse (faster than an object literal).
 */
export function textsPlugin(root: string): Plugin {
  const i18nDir = path.join(root, "core/i18n");
  const catalogue = path.join(i18nDir, "catalogue.ts");
  const clientCatalogue = path.join(root, "app/i18n/catalogue.client.ts");
  return {
    name: "rarita-texts",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return `\0${source}`;
      if (options?.ssr || !importer || !source.endsWith("catalogue.ts")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && path.normalize(resolved.id) === catalogue ? clientCatalogue : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [locale, part] = id.slice(PREFIX.length + 1).split("-") as [string, string];
      if (!(LOCALES as readonly string[]).includes(locale) || (part !== "site" && part !== "admin"))
        throw new Error(`unknown texts module ${id}`);
      const tree = buildTexts(i18nDir, locale as (typeof LOCALES)[number], part, (file) =>
        this.addWatchFile(file),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
    // The client build names each texts chunk in texts-manifest.json, so the server can preload
    // the page's texts with the page (app/entry.server.tsx) instead of after the entry ran.
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === "chunk" && chunk.facadeModuleId?.startsWith(`\0${PREFIX}`))
          files[chunk.facadeModuleId.slice(PREFIX.length + 1)] = `/${chunk.fileName}`;
      if (Object.keys(files).length > 0)
        this.emitFile({ type: "asset", fileName: TEXTS_MANIFEST, source: JSON.stringify(files) });
    },
  };
}

/** The client build's list of texts chunks: `{ "cs-site": "/assets/cs-site-….js", … }`. */
export const TEXTS_MANIFEST = "texts-manifest.json";

/**
 * One language's texts of one part, keyed as core/i18n/catalogue.ts keys them (`header.cart`,
 * `adminCatalog.title`); `onRead` hears each file read (the plugin watches them).
 */
export function buildTexts(
  i18nDir: string,
  locale: (typeof LOCALES)[number],
  part: "site" | "admin",
  onRead: (file: string) => void = () => {},
): Record<string, unknown> {
  const readJson = (file: string) => {
    onRead(file);
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  };
  const tree: Record<string, unknown> = {};
  if (part === "site") Object.assign(tree, readJson(path.join(i18nDir, `${locale}.json`)));
  for (const file of fs.readdirSync(path.join(i18nDir, "ui")).sort()) {
    if (!file.endsWith(".json") || file.startsWith("admin") !== (part === "admin")) continue;
    tree[namespaceOf(file)] = readJson(path.join(i18nDir, "ui", file))[locale];
  }
  return tree;
}

/** `admin-catalog.json` → `adminCatalog`, `messages.json` → `messages` (as catalogue.ts names them). */
function namespaceOf(file: string): string {
  return file.slice(0, -".json".length).replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());
}
