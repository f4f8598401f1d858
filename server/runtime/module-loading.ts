import fs from "node:fs";
import { enableCompileCache, findPackageJSON, type RegisterHooksOptions, registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * How the server's modules load, imported first by server/main.ts (ADR 0125): a start went from
 * 8.6 to 8.9 s to 3.4 to 4.7 s on the 2-core machine, which every restart, crash test and browser
 * test server waits for.
 *
 * V8's compiled code is kept on disk between starts (Node's compile cache, in NODE_COMPILE_CACHE
 * or the temporary folder; a folder it cannot write only switches it off): the server's thousand
 * modules are compiled once per version of their source, not at every start.
 *
 * Node's module resolution is spared its costliest repetition.
 *
 * Node 24 reads a package's package.json once but hands each resolution a fresh copy whose
 * `exports` it parses again: for every import of a package name (drizzle-orm from about 490 of
 * our files) and for every file it resolves inside a package (it spreads the package's fields to
 * learn its `type`). drizzle-orm's package.json is 179 KB: 2.3 to 3 s of an 8.7 s start went there
 * and to its garbage. Two answers are kept instead, both the ones Node would give:
 * - a package name imported from the root package's own files resolves to the same file from all
 *   of them: one node_modules at the root. Kept per name and conditions.
 * - a relative import with its extension inside a package is that file; its format is the
 *   package's declared `type` (looked up once per folder). Typeless packages, directories,
 *   missing files and `require` go to Node as before.
 */
type Resolve = NonNullable<RegisterHooksOptions["resolve"]>;
type Resolved = ReturnType<Resolve>;

const ownPackageJson = fileURLToPath(new URL("../../package.json", import.meta.url));
const byName = new Map<string, Resolved>();
const packageJsonByFolder = new Map<string, string | undefined>();
const typeByPackageJson = new Map<string, string | undefined>();

/** The nearest package.json of a file (looked up once per folder); undefined for code not on disk (`node -e`). */
function packageJsonOf(file: string): string | undefined {
  const folder = path.dirname(file);
  if (packageJsonByFolder.has(folder)) return packageJsonByFolder.get(folder);
  let json: string | undefined;
  try {
    json = findPackageJSON(pathToFileURL(file));
  } catch {
    json = undefined;
  }
  packageJsonByFolder.set(folder, json);
  return json;
}

function isPackageName(specifier: string) {
  return !/^[./#]/.test(specifier) && !specifier.includes(":");
}

/** The `type` the nearest package.json declares ("module" or "commonjs"), or undefined. */
function declaredType(file: string): string | undefined {
  const json = packageJsonOf(file);
  if (!json) return undefined;
  if (!typeByPackageJson.has(json)) {
    const type: unknown = JSON.parse(fs.readFileSync(json, "utf8")).type;
    typeByPackageJson.set(json, type === "module" || type === "commonjs" ? type : undefined);
  }
  return typeByPackageJson.get(json);
}

/** A relative `.js`/`.mjs`/`.cjs` import of a file inside a package, as Node would resolve it. */
function insidePackage(specifier: string, parent: string): Resolved | undefined {
  const extension = /\.(m?js|cjs)$/.exec(specifier)?.[1];
  if (!extension) return undefined;
  const file = fileURLToPath(new URL(specifier, parent));
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const format = extension === "mjs" ? "module" : extension === "cjs" ? "commonjs" : declaredType(file);
  if (!format) return undefined;
  return { url: pathToFileURL(fs.realpathSync(file)).href, format, shortCircuit: true };
}

const resolve: Resolve = (specifier, context, nextResolve) => {
  const parent = context.parentURL;
  // Only ESM's `import`: require() keeps the CommonJS loader's own rules and caches.
  if (!parent?.startsWith("file:") || !context.conditions?.includes("import"))
    return nextResolve(specifier, context);
  const inPackages = parent.includes("/node_modules/");
  if (inPackages && specifier.startsWith("."))
    return insidePackage(specifier, parent) ?? nextResolve(specifier, context);
  // A package name from one of the root package's own files (not a workspace's).
  if (inPackages || !isPackageName(specifier) || packageJsonOf(fileURLToPath(parent)) !== ownPackageJson)
    return nextResolve(specifier, context);
  const key = `${specifier}\0${context.conditions.join(",")}\0${context.importAttributes?.type ?? ""}`;
  const known = byName.get(key);
  if (known) return { ...known, shortCircuit: true };
  const result = nextResolve(specifier, context);
  byName.set(key, result);
  return result;
};

enableCompileCache();
registerHooks({ resolve });
