import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Replaces a few files of installed packages with the patched copies in patches/ (ADR 0049),
 * after every `npm install` (package.json's postinstall) and before a build. Each file is
 * replaced only when it is the exact file the patch was made from (its SHA-256 below); a file
 * already patched is left alone; any other content, e.g. after an upgrade of the package, stops
 * the install with a message, so a patch is never applied to code it was not written for.
 *
 *   node scripts/patch-dependencies.ts           # apply (idempotent)
 *   node scripts/patch-dependencies.ts --check   # exit 1 unless every file is patched
 */
type Patch = {
  file: string;
  original: string;
  patched: string;
  /** Earlier versions of the patch (their SHA-256): a file patched by one is replaced as well. */
  earlier?: string[];
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * react-router 8.4.0: the route matcher indexes its branches; ServerRouter keeps its route tree,
 * and the static router the data routes converted from it; the request handler keeps a build's
 * route modules; turbo-stream reads the clock only when it may yield.
 */
const MATCHER = {
  original: "9a85e139a46887825d1532681b28c3a1a9dd01602cb62a843fb7fa66f99b5ed9",
  patched: "patches/react-router@8.4.0/matcher.js",
};
const SSR_SERVER = {
  original: "70e44566b70b2587fbd401ce5b99c885a2fed8521dfeb82a2eaf78e7fdcadc76",
  patched: "patches/react-router@8.4.0/ssr-server.js",
  // Before the route modules were kept per build (ADR 0049, 2026-11-24 amendment).
  earlier: ["d485cc4925ce22e9ec03800a3145142666750f274ca191eca8bec10faa6ee334"],
};
const DOM_SERVER = {
  original: "e4f2e62ca5f39dd496a432505c49e9e5eea5ebe665e91aa32f9760b711c4af65",
  patched: "patches/react-router@8.4.0/dom-server.js",
};
const ENTRY_ROUTE_MODULES = {
  original: "b6739bf3d9cb9991a4f1e0d73e80585e55176b483f8096ce7b303d3313dc4f24",
  patched: "patches/react-router@8.4.0/server-runtime-entry.js",
};
const TURBO_STREAM_FLATTEN = {
  original: "f6424ddb16ab4936ef53daf7d8f7a6e6338a95e808a61e4f4ba8f0739732a8ca",
  patched: "patches/react-router@8.4.0/turbo-stream-flatten.js",
  // Before the objects' keys were written in a loop.
  earlier: ["58861bc93e1520892ac9f2d76dcac55041205d587a88951832d53a2ed926c196"],
};
/**
 * react-dom 19.3.1's Node server renderer: the text of a flush is gathered as one string and
 * encoded once (ADR 0052).
 */
const REACT_DOM_SERVER = {
  file: "node_modules/react-dom/cjs/react-dom-server.node.production.js",
  original: "42f1bcb129059d13f44e3ccc65517994c151d493b89ec154eba7fb6f7953a563",
  patched: "patches/react-dom@19.3.1/server-node-production.js",
};
const REACT_ROUTER_PATCHES: Patch[] = ["production", "development"].flatMap((dist) => [
  { file: `node_modules/react-router/dist/${dist}/lib/router/matcher.js`, ...MATCHER },
  { file: `node_modules/react-router/dist/${dist}/lib/dom/ssr/server.js`, ...SSR_SERVER },
  { file: `node_modules/react-router/dist/${dist}/lib/dom/server.js`, ...DOM_SERVER },
  { file: `node_modules/react-router/dist/${dist}/lib/server-runtime/entry.js`, ...ENTRY_ROUTE_MODULES },
  {
    file: `node_modules/react-router/dist/${dist}/vendor/turbo-stream-v2/flatten.js`,
    ...TURBO_STREAM_FLATTEN,
  },
]);
export const PATCHES: Patch[] = [...REACT_ROUTER_PATCHES, REACT_DOM_SERVER];

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** "patched", "applied" (replaced now) or "missing" (the package is not installed); throws on anything else. */
export function applyPatch(base: string, patch: Patch, check = false): "patched" | "applied" | "missing" {
  const target = path.join(base, patch.file);
  if (!fs.existsSync(target)) return "missing";
  const source = path.join(base, patch.patched);
  const current = sha256(target);
  if (current === sha256(source)) return "patched";
  if ((current !== patch.original && !patch.earlier?.includes(current)) || check)
    throw new Error(
      `${patch.file} is not the file ${patch.patched} was made from (sha256 ${current}): the package ` +
        "changed; re-check ADR 0049 (react-router) or 0052 (react-dom) and remake the patch, or drop it.",
    );
  // A new file, not a write into the old one: node_modules may be hard links shared with others.
  fs.rmSync(target);
  fs.copyFileSync(source, target);
  return "applied";
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  for (const patch of PATCHES) {
    const outcome = applyPatch(root, patch, check);
    if (outcome !== "patched") console.log(`patch-dependencies: ${patch.file}: ${outcome}`);
  }
}
