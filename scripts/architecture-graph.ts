import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Draws the house from the same cruise that checks its rules (`.dependency-cruiser.mjs`): one box
 * per layer and per server module, an arrow where any file of one imports a file of the other
 * (dashed when every such import is a type), red where one of those imports breaks a rule (see
 * `drawn` for the arrows left out because every module has them). The
 * Mermaid diagram goes into docs/architecture.md between its graph markers.
 *
 *   node scripts/architecture-graph.ts          rewrites the diagram
 *   node scripts/architecture-graph.ts --check  fails when the diagram is not the code's (npm run lint)
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOC = path.join(root, "docs/architecture.md");
const START = "<!-- graph:start (npm run graph) -->";
const END = "<!-- graph:end -->";

type Dependency = { resolved: string; dependencyTypes: string[]; valid: boolean };
type Module = { source: string; dependencies: Dependency[] };

const TESTS = /(\.test\.tsx?$|^server\/test\/|^app\/test\/)/;

/** The box a file belongs to, or null for files the picture leaves out (tests, packages, data). */
export function boxOf(file: string): string | null {
  if (TESTS.test(file) || !/\.(tsx?|json)$/.test(file)) return null;
  if (file.startsWith("core/")) return "core";
  if (file === "app/context.ts") return "app/context.ts";
  // The web app's rooms (docs/architecture.md, "The web app"): pages, frame, features, shared UI, helpers.
  const room = /^app\/(routes|layout|features|ui|lib|i18n)\//.exec(file);
  if (room) return `app/${room[1]}`;
  if (file.startsWith("app/")) return "app";
  const module = /^server\/modules\/([^/]+)\//.exec(file);
  if (module) return module[1];
  const part = /^server\/(http|db|jobs|lib|adapters)\//.exec(file);
  if (part) return `server/${part[1]}`;
  // The composition root and its parts per area draw as one box.
  if (file === "server/services.ts" || file.startsWith("server/wiring/")) return "services.ts";
  if (file.startsWith("server/")) return "server";
  return null;
}

const LAYERS = new Set(["core", "app", "app/context.ts", "server", "services.ts"]);
const isModule = (box: string) => !LAYERS.has(box) && !box.startsWith("server/") && !box.startsWith("app/");

/**
 * The arrows worth a look: between modules, and the app's (to the core and through the seam).
 * Everything else is the same for every module and left out unless it breaks a rule: each stands
 * on the core, the database client and server/lib, its api on server/http; services.ts wires every
 * module, server/http mounts every api, server/db migrates every module's tables.
 */
const drawn = (from: string, to: string) => (isModule(from) && isModule(to)) || from.startsWith("app");

const id = (box: string) => box.replace(/[^a-z0-9]/gi, "_");

type Edge = { typeOnly: boolean; keysOnly: boolean; broken: boolean };

/** A foreign key's target column (a module's keys.ts): the schema's arrow, not a call. */
const isKeys = (file: string) => /^server\/modules\/[^/]+\/keys\.ts$/.test(file);

/** The drawn arrows between boxes, keyed `from\0to`, and the boxes they join. */
function boxEdges(modules: Module[]) {
  const edges = new Map<string, Edge>();
  const boxes = new Set<string>();
  for (const module of modules) {
    const from = boxOf(module.source);
    if (!from) continue;
    boxes.add(from);
    for (const dependency of module.dependencies) {
      const to = boxOf(dependency.resolved);
      if (!to || to === from || (dependency.valid && !drawn(from, to))) continue;
      boxes.add(to);
      const key = `${from}\u0000${to}`;
      const typeOnly = dependency.dependencyTypes.includes("type-only");
      const edge = edges.get(key) ?? { typeOnly: true, keysOnly: true, broken: false };
      edges.set(key, {
        typeOnly: edge.typeOnly && typeOnly,
        keysOnly: edge.keysOnly && isKeys(dependency.resolved),
        broken: edge.broken || !dependency.valid,
      });
    }
  }
  return { edges, boxes };
}

/**
 * Circles between modules, foreign keys aside: a module's tables may point at another's key
 * columns (keys.ts) while that module calls the first, as a table points at its owner's rows.
 */
export function moduleCycles(modules: Module[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [key, edge] of boxEdges(modules).edges) {
    const [from, to] = key.split("\u0000");
    if (edge.keysOnly || !isModule(from) || !isModule(to)) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const cycles: string[][] = [];
  const walk = (path: string[]) => {
    for (const to of next.get(path[path.length - 1]) ?? []) {
      if (to === path[0]) cycles.push([...path, to]);
      else if (!path.includes(to) && to > path[0]) walk([...path, to]);
    }
  };
  for (const start of next.keys()) walk([start]);
  return cycles;
}

export function mermaid(modules: Module[]): string {
  const { edges, boxes } = boxEdges(modules);
  const modulesBoxes = [...boxes].filter(
    (box) => !box.includes("/") && !["core", "app", "server", "services.ts"].includes(box),
  );
  const appRooms = [...boxes].filter((box) => box.startsWith("app/") && box !== "app/context.ts");
  const serverBoxes = [...boxes].filter(
    (box) => box.startsWith("server/") || box === "server" || box === "services.ts",
  );
  const lines = [
    "flowchart TB",
    '  subgraph web["app/"]',
    '    app["app (root, entries, shell)"]',
    ...appRooms.sort().map((box) => `    ${id(box)}["${box}"]`),
    '    app_context_ts["app/context.ts (the seam)"]',
    "  end",
  ];
  lines.push('  subgraph srv["server/"]');
  for (const box of serverBoxes.sort()) lines.push(`    ${id(box)}["${box}"]`);
  lines.push('    subgraph modules["server/modules/"]');
  for (const box of modulesBoxes.sort()) lines.push(`      ${id(box)}["${box}"]`);
  lines.push("    end", "  end", '  core[("core/")]');
  const sorted = [...edges.entries()].sort(([a], [b]) => a.localeCompare(b));
  const broken: number[] = [];
  sorted.forEach(([key, edge], index) => {
    const [from, to] = key.split("\u0000");
    const arrow = edge.keysOnly ? '-. "FK" .->' : edge.typeOnly ? "-.->" : "-->";
    lines.push(`  ${id(from)} ${arrow} ${id(to)}`);
    if (edge.broken) broken.push(index);
  });
  if (broken.length) lines.push(`  linkStyle ${broken.join(",")} stroke:#d00,stroke-width:2px`);
  return lines.join("\n");
}

function cruise(): Module[] {
  const cli = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
  const output = execFileSync(
    process.execPath,
    [cli, "core", "app", "server", "--config", ".dependency-cruiser.mjs", "--output-type", "json"],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
  );
  return (JSON.parse(output) as { modules: Module[] }).modules;
}

function withDiagram(doc: string, diagram: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${START} ... ${END} markers`);
  return `${doc.slice(0, start + START.length)}\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = fs.readFileSync(DOC, "utf8");
  const modules = cruise();
  const next = withDiagram(doc, mermaid(modules));
  if (process.argv.includes("--check")) {
    const cycles = moduleCycles(modules);
    if (cycles.length > 0) {
      process.stderr.write(
        `modules that lean on each other: ${cycles.map((c) => c.join(" -> ")).join("; ")}\n`,
      );
      process.exit(1);
    }
    if (next !== doc) {
      process.stderr.write("docs/architecture.md: the diagram is not the code's; run npm run graph\n");
      process.exit(1);
    }
  } else {
    fs.writeFileSync(DOC, next);
  }
}
