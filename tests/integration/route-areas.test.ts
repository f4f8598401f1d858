import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { areaOfPath, type RouteEntry, routeIdsOfArea } from "#server/http/route-areas.ts";

// The app's route table as the build has it: everything under the root route.
const ROOT: RouteConfigEntry = { id: "root", path: "", file: "root.tsx", children: routes };
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

function entriesOf(entry: RouteConfigEntry, parentId?: string): RouteEntry[] {
  const id = idOf(entry);
  return [
    { id, parentId, path: entry.path, index: entry.index },
    ...(entry.children ?? []).flatMap((child) => entriesOf(child, id)),
  ];
}

const entries = Object.fromEntries(entriesOf(ROOT).map((entry) => [entry.id, entry]));

/** The table as React Router matches it, with only `kept` routes when given. */
function table(entry: RouteConfigEntry, kept?: Set<string>): RouteObject {
  const children = (entry.children ?? [])
    .filter((child) => !kept || kept.has(idOf(child)))
    .map((child) => table(child, kept));
  return entry.index ? { id: idOf(entry), index: true } : { id: idOf(entry), path: entry.path, children };
}

const leafOf = (tree: RouteObject, path: string) => matchRoutes([tree], path)?.at(-1)?.route.id ?? null;

/** Every route's own path with its parameters filled in, and the ways a visitor may spell one. */
function paths(): string[] {
  const own = Object.values(entries)
    .flatMap((entry) => (entry.path ? [entry.path] : []))
    .map((path) => path.replace(/:[\w-]+\??/g, "12").replace(/\*$/, "anything"));
  return [
    ...own,
    ...own.map((path) => path.toUpperCase()),
    "/",
    "/en",
    "/3/whisky",
    "/3/whisky/ardbeg-10",
    "/%61dmin",
    "/%61dmin/uzivatele",
    "/en/%41ccount/overview",
    "/ucet/neexistuje",
    "/admin/neexistuje",
    "/en/admin/neexistuje",
    "/ucetni/zaverka",
    "/administrace",
    "/__diagnostics/neexistuje",
    "/%E0%A4%A",
  ];
}

describe("route tables by area (ADR 0131)", () => {
  it("names the area of a page's path, its data requests', whatever the spelling", () => {
    expect(areaOfPath("/admin/uzivatele")).toBe("admin");
    expect(areaOfPath("/en/admin")).toBe("admin");
    expect(areaOfPath("/admin.data")).toBe("admin");
    expect(areaOfPath("/ADMIN/uzivatele")).toBe("admin");
    expect(areaOfPath("/%61dmin")).toBe("admin");
    expect(areaOfPath("/ucet/prehled.data")).toBe("account");
    expect(areaOfPath("/en/account/overview")).toBe("account");
    expect(areaOfPath("/__diagnostics/crash")).toBe("diagnostics");
    expect(areaOfPath("/")).toBeNull();
    expect(areaOfPath("/_root.data")).toBeNull();
    expect(areaOfPath("/en")).toBeNull();
    expect(areaOfPath("/3/whisky")).toBeNull();
    expect(areaOfPath("/administrace")).toBeNull();
    expect(areaOfPath("/%E0%A4%A")).toBeNull();
  });

  it("matches every path to the same route in its area's table as in the whole table", () => {
    const whole = table(ROOT);
    const tables = new Map<string | null, RouteObject>();
    for (const path of paths()) {
      const area = areaOfPath(path);
      if (!tables.has(area)) tables.set(area, table(ROOT, routeIdsOfArea(entries, area)));
      expect({ path, route: leafOf(tables.get(area) as RouteObject, path) }).toEqual({
        path,
        route: leafOf(whole, path),
      });
    }
    expect([...tables.keys()].sort()).toEqual(["account", "admin", "diagnostics", null]);
  });

  it("leaves the public pages a table of their own routes, a third of the whole or less", () => {
    const all = Object.keys(entries).length;
    const publicIds = routeIdsOfArea(entries, null);
    expect(publicIds.size).toBeLessThan(all / 3);
    expect(publicIds).toContain("root");
    expect(publicIds).toContain("not-found");
    expect(publicIds).toContain("category___cs");
    expect(publicIds).not.toContain("admin___cs");
    expect(publicIds).not.toContain("accountOverview___en");
    const adminIds = routeIdsOfArea(entries, "admin");
    expect(adminIds).toContain("admin___cs");
    expect(adminIds).toContain("category___cs");
    expect(adminIds).not.toContain("accountOverview___cs");
  });
});
