import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const PREFIX = "virtual:rarita-texts/";
const LOCALES = ["cs", "en"] as const;

/**
 * Splits the UI texts for the browser (ADR 0030, per area ADR 0039). The server reads every text
 * of both languages (core/i18n/catalogue.ts); the client build swaps that module for
 * app/i18n/catalogue.client.ts and gets from here one module per language and piece:
 * `cs-base` (cs.json: validation, errors and the other server texts), `cs-<area>` for each public
 * `ui/<area>.json` (in Czech only) and `cs-admin` (the back office's `admin*` files), the same in
 * English; `virtual:rarita-texts/imports` lists them. Each is its own chunk, parsed with
 * JSON.parse (faster than an object literal).
 *
 * Which areas a page needs: every client chunk that names a key of an area (`"catalog.`,
 * `` `product.format.${…}` ``) ends with
 * `(globalThis.__raritaTexts ||= []).push("catalog", …)`. A route's chunks run before the entry
 * hydrates (React Router imports them first) and before a navigation renders, so the browser's
 * catalogue fetches exactly the areas of the code it has run.
 */
export function textsPlugin(root: string): Plugin {
  const i18nDir = path.join(root, "core/i18n");
  const catalogue = path.join(i18nDir, "catalogue.ts");
  const clientCatalogue = path.join(root, "app/i18n/catalogue.client.ts");
  const areas = publicAreas(i18nDir);
  const mentions = areaMentions(areas);
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
      const name = id.slice(PREFIX.length + 1);
      if (name === "imports") return importsModule(areas);
      const [locale, piece] = splitName(name);
      if (
        !(LOCALES as readonly string[]).includes(locale) ||
        !(piece === "base" || piece === "admin" || areas.includes(piece))
      )
        throw new Error(`unknown texts module ${id}`);
      const tree = buildTexts(i18nDir, locale as Locale, piece, (file) => this.addWatchFile(file));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
    // The client build names each texts chunk in texts-manifest.json, so the server can preload
    // the page's texts with the page (app/entry.server.tsx) instead of after the entry ran:
    // `cs-site` lists the base and the areas the root route's chunks name (every page's).
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      registerAreas(bundle as unknown as Bundle, mentions);
      const files: Record<string, string> = {};
      let rootAreas: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        if (chunk.facadeModuleId?.startsWith(`\0${PREFIX}`))
          files[chunk.facadeModuleId.slice(PREFIX.length + 1)] = `/${chunk.fileName}`;
        if (
          chunk.facadeModuleId &&
          path.normalize(chunk.facadeModuleId.split("?")[0] as string) === path.join(root, "app/root.tsx")
        )
          rootAreas = registeredAreas(chunk.fileName, bundle as unknown as Bundle);
      }
      if (Object.keys(files).length === 0) return;
      const manifest: Record<string, string | string[]> = {};
      for (const locale of LOCALES) {
        manifest[`${locale}-site`] = [`${locale}-base`, ...rootAreas.map((area) => `${locale}-${area}`)]
          .map((name) => files[name])
          .filter((file): file is string => file !== undefined);
        if (files[`${locale}-admin`]) manifest[`${locale}-admin`] = files[`${locale}-admin`] as string;
      }
      this.emitFile({ type: "asset", fileName: TEXTS_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}

type Chunk = {
  type: string;
  code?: string;
  imports?: string[];
  dynamicImports?: string[];
  facadeModuleId?: string | null;
};
type Bundle = Record<string, Chunk>;

/**
 * Ends each chunk with the areas its (minified: no comments) code names. A part loaded later (a
 * dynamic import: a lazy form, an overlay) registers its own areas when it runs, and its loader
 * fetches them before it draws (app/i18n/with-texts.ts), so a page no longer carries the texts of
 * what it may open (issue 18). The texts chunks themselves are left out.
 */
function registerAreas(bundle: Bundle, mentions: RegExp) {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk" || chunk.facadeModuleId?.startsWith(`\0${PREFIX}`)) continue;
    const found = new Set([...(chunk.code ?? "").matchAll(mentions)].map((match) => match[1] as string));
    if (found.size === 0) continue;
    const list = [...found]
      .sort()
      .map((area) => JSON.stringify(area))
      .join(",");
    chunk.code = `${chunk.code}\n;(globalThis.__raritaTexts||=[]).push(${list});\n`;
  }
}

type Locale = (typeof LOCALES)[number];

/** `cs-base` → ["cs", "base"], `cs-accountData` → ["cs", "accountData"]. */
function splitName(name: string): [string, string] {
  const dash = name.indexOf("-");
  return [name.slice(0, dash), name.slice(dash + 1)];
}

/** The public areas (namespaces of `ui/*.json` but the back office's), as catalogue.ts names them. */
export function publicAreas(i18nDir: string): string[] {
  return fs
    .readdirSync(path.join(i18nDir, "ui"))
    .filter((file) => file.endsWith(".json") && !file.startsWith("admin"))
    .sort()
    .map(namespaceOf);
}

/** A string or template literal that starts with `<area>.`: the code names a key of that area. */
export function areaMentions(areas: string[]): RegExp {
  return new RegExp(`["'\`](${areas.join("|")})\\.[A-Za-z$]`, "g");
}

/** `virtual:rarita-texts/imports`: one loader per language and piece, each a chunk of its own. */
function importsModule(areas: string[]): string {
  const lines = LOCALES.flatMap((locale) =>
    ["base", "admin", ...areas].map(
      (piece) => `  "${locale}-${piece}": () => import("${PREFIX}${locale}-${piece}"),`,
    ),
  );
  return `export default {\n${lines.join("\n")}\n};`;
}

/** The areas a chunk and the chunks it imports register, read back from their code. */
function registeredAreas(fileName: string, bundle: Bundle): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = [fileName];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== "chunk") continue;
    seen.add(file);
    // The minifier may have written the names in any quotes.
    for (const match of (chunk.code ?? "").matchAll(/__raritaTexts\|\|=\[\]\)\.push\(([^)]*)\)/g))
      for (const name of (match[1] as string).matchAll(/[`"'](\w+)[`"']/g)) found.add(name[1] as string);
    queue.push(...(chunk.imports ?? []));
  }
  return [...found].sort();
}

/** The client build's list of texts chunks: `{ "cs-site": "/assets/cs-site-….js", … }`. */
export const TEXTS_MANIFEST = "texts-manifest.json";

/**
 * One language's texts of one piece, keyed as core/i18n/catalogue.ts keys them (`header.cart`,
 * `adminCatalog.title`): "base" is cs.json or en.json, "admin" the back office's `admin*` files,
 * an area its `ui/<area>.json`; `onRead` hears each file read (the plugin watches them).
 */
export function buildTexts(
  i18nDir: string,
  locale: Locale,
  piece: string,
  onRead: (file: string) => void = () => {},
): Record<string, unknown> {
  const readJson = (file: string) => {
    onRead(file);
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  };
  if (piece === "base") return readJson(path.join(i18nDir, `${locale}.json`));
  const tree: Record<string, unknown> = {};
  for (const file of fs.readdirSync(path.join(i18nDir, "ui")).sort()) {
    if (!file.endsWith(".json")) continue;
    const name = namespaceOf(file);
    if (piece === "admin" ? file.startsWith("admin") : name === piece)
      tree[name] = readJson(path.join(i18nDir, "ui", file))[locale];
  }
  return tree;
}

/** `admin-catalog.json` → `adminCatalog`, `messages.json` → `messages` (as catalogue.ts names them). */
function namespaceOf(file: string): string {
  return file.slice(0, -".json".length).replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());
}
