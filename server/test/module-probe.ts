/**
 * `node [--import ./server/runtime/module-loading.ts] server/test/module-probe.ts NAME...`: imports
 * each package from a file of the root package and prints where each resolved and what it
 * exports, for server/runtime/module-loading.test.ts.
 */
const seen: Record<string, { url: string; exports: string }> = {};
for (const name of process.argv.slice(2)) {
  const namespace = await import(name);
  seen[name] = { url: import.meta.resolve(name), exports: Object.keys(namespace).sort().join(",") };
}
process.stdout.write(JSON.stringify(seen));
