import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, describe, expect, it } from "vitest";
import routeConfig from "./routes.ts";

/**
 * The patched route matcher (patches/react-router@8.4.0/matcher.js, ADR 0049) tests a URL only
 * against the branches whose leading static segments fit it. It must answer exactly as React
 * Router's own scan of every ranked branch does, for every route of app/routes.ts and the URLs
 * around them (other case, trailing and doubled slashes, one segment more or less, the other
 * language's prefix, encoded characters), whole and partial matches.
 */
const root = path.resolve(import.meta.dirname, "..");
const routerDir = path.join(root, "node_modules/react-router/dist/production/lib/router");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-matcher-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
type Match = {
  route: Route;
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
};
type Matcher = { update(routes: Route[]): void; match(url: string, allowPartial?: boolean): Match[] | null };

/** A patch's file, its relative imports pointed at React Router's modules beside the installed one. */
async function patchedModule(name: string, dir: string) {
  const source = fs
    .readFileSync(path.join(root, "patches/react-router@8.4.0", name), "utf8")
    .replace(/from "(\.\.?\/[^"]+)"/g, (_, relative: string) => {
      return `from ${JSON.stringify(pathToFileURL(path.join(dir, relative)).href)}`;
    });
  const file = path.join(scratch, `${name}.mjs`);
  fs.writeFileSync(file, source);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

async function patchedMatcher(): Promise<new (basename: string) => Matcher> {
  return (await patchedModule("matcher.js", routerDir)).V6RegExMatcher;
}

function tree(entries: RouteConfigEntry[]): Route[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    children: entry.children ? tree(entry.children) : undefined,
  }));
}

/** URLs around each route's path: its parameters filled in several ways, and their neighbours. */
function urlsAround(paths: string[]): string[] {
  const urls = new Set(["/", "", "//", "/en", "/en/", "/EN", "//en/x", "/%E2%84%AAey", "/a%2Fb/c", "/%zz/x"]);
  for (const routePath of paths)
    for (const value of ["1", "abc-def", "%C3%9A%C4%8CET", ""]) {
      const url = `/${routePath
        .replace(/^\/+/, "")
        .replace(/:[\w-]+\??/g, value)
        .replace(/\*$/, "z/z")}`;
      const segments = url.split("/");
      for (const each of [url, `${url}/`, url.toUpperCase(), `${url}/more`, url.replace(/^\/en/, "")])
        urls.add(each);
      urls.add(`/en${url}`);
      urls.add(url.replace(/\/\/?/, "//"));
      urls.add(segments.slice(0, 2).join("/"));
      urls.add(segments.slice(0, 3).join("/"));
    }
  return [...urls];
}

const describeMatch = (matches: Match[] | null) =>
  matches?.map((m) => [m.route.id, { ...m.params }, m.pathname, m.pathnameBase]) ?? null;

describe("the patched route matcher", () => {
  it("matches every URL around app/routes.ts's routes exactly as the scan of all branches", async () => {
    const utils = await import(/* @vite-ignore */ pathToFileURL(path.join(routerDir, "utils.js")).href);
    const routes: Route[] = [{ id: "root", path: "", children: tree(routeConfig) }];
    const all = utils.flattenAndRankRoutes(routes);
    const Patched = await patchedMatcher();
    const matcher = new Patched("/");
    matcher.update(routes);
    const paths = all.map((branch: { path: string }) => branch.path);
    const urls = urlsAround(paths);
    expect(urls.length).toBeGreaterThan(2000);
    const warn = console.warn;
    console.warn = () => {}; // React Router warns about the malformed encodings on purpose here
    const differences: unknown[] = [];
    try {
      for (const url of urls)
        for (const partial of [false, true]) {
          const patched = JSON.stringify(describeMatch(matcher.match(url, partial)));
          const scan = JSON.stringify(describeMatch(utils.matchRoutesImpl(routes, url, "/", partial, all)));
          if (patched !== scan) differences.push({ url, partial, patched, scan });
        }
    } finally {
      console.warn = warn;
    }
    expect(differences).toEqual([]);
    expect(matcher.match("/2/rum")?.at(-1)?.route.id).toBe("category___cs");
    expect(matcher.match("/en/2/rum")?.at(-1)?.route.id).toBe("category___en");
  });
});

describe("the patched static router", () => {
  it("converts a kept route tree to data routes once, and any other tree on every call", async () => {
    const { createStaticRouter } = await patchedModule("dom-server.js", path.join(routerDir, "../dom"));
    const routes = [{ id: "root", path: "", children: [{ id: "page", path: "page" }] }];
    const context = { matches: [{ route: routes[0], params: {}, pathname: "/", pathnameBase: "/" }] };
    const kept = () => createStaticRouter(routes, context, { keepDataRoutes: true });
    expect(kept().routes).toBe(kept().routes);
    expect(kept().state.matches[0].route).toBe(kept().routes[0]);
    expect(kept().routes[0].children[0]).toMatchObject({ id: "page", path: "page" });
    const fresh = () => createStaticRouter(routes, context);
    expect(fresh().routes).not.toBe(fresh().routes);
    expect(fresh().routes).toEqual(kept().routes);
  });
});

describe("the patched request handler", () => {
  it("collects a build's route modules once per routes object, and afresh for another", async () => {
    const { createEntryRouteModules } = await patchedModule(
      "server-runtime-entry.js",
      path.join(routerDir, "../server-runtime"),
    );
    const routes = {
      root: { id: "root", module: { default: () => null } },
      page: { id: "page", module: {} },
    };
    const modules = createEntryRouteModules(routes);
    expect(createEntryRouteModules(routes)).toBe(modules);
    expect(modules).toEqual({ root: routes.root.module, page: routes.page.module });
    expect(createEntryRouteModules({ ...routes })).not.toBe(modules);
    expect(createEntryRouteModules({ ...routes })).toEqual(modules);
  });
});

describe("the patched turbo-stream flatten", () => {
  it("writes every value of a payload large enough to yield, which reads back the same", async () => {
    const vendor = path.join(routerDir, "../../vendor/turbo-stream-v2");
    const { flatten } = await patchedModule("turbo-stream-flatten.js", vendor);
    const { unflatten } = await import(pathToFileURL(path.join(vendor, "unflatten.js")).href);
    const shared = { name: "Rum", url: "/2/rum" };
    const input = {
      items: Array.from({ length: 4000 }, (_, i) => ({
        id: i,
        name: `Položka ${i}`,
        price: i * 100,
        shared,
      })),
      when: new Date("2026-11-24T16:00:00Z"),
      none: null,
      nothing: undefined,
      odd: [Number.NaN, -0, Number.POSITIVE_INFINITY],
    };
    const encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [] as string[] };
    const id = await flatten.call(encoder, input);
    expect(id).toBe(0);
    const parsed = JSON.parse(`[${encoder.stringified.join(",")}]`);
    const decoded = unflatten.call({ hydrated: [], values: [], deferred: {} }, parsed);
    expect(decoded).toEqual(input);
    expect(decoded.items[1].shared).toBe(decoded.items[2].shared);
  });
});
