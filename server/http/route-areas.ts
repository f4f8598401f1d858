import type { createRequestHandler, ServerBuild } from "react-router";

/**
 * A page's route table by the area of its path (ADR 0131). React Router tests a request against
 * every route of the table its handler was built with, twice (the server's match, then the
 * render's), and rebuilds the render's route objects from the whole table on every request: with
 * 278 routes that was about 1 ms of a public page's CPU, though a public path can never match a
 * back-office or account route. So each area gets a handler of its own, built from the same build
 * with only the routes its paths can match: the routes of no area (the public pages, the catch-all)
 * and the area's own.
 *
 * An area is named by the first segment of its paths (after /en for the English twins); a route
 * belongs to it when its own path begins so. A route of another area begins with that area's
 * segment, which the request's path does not have: it could not have matched, so leaving it out
 * changes no answer.
 */
const AREA_OF_SEGMENT: Readonly<Record<string, string>> = {
  admin: "admin",
  ucet: "account",
  account: "account",
  __diagnostics: "diagnostics",
};

/** React Router matches paths decoded segment by segment (its decodePath) and ignoring case. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The area a path belongs to, or null for the public pages. A data request (`/ucet.data`, single
 * fetch) belongs where its page does.
 */
export function areaOfPath(pathname: string): string | null {
  const segments = pathname
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean)
    .map(decodedSegment);
  const first = segments[0] === "en" ? segments[1] : segments[0];
  return (first !== undefined && AREA_OF_SEGMENT[first]) || null;
}

export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

/**
 * The routes of an area's table: every route with a path (or an index) outside any other area,
 * with the layouts above it.
 */
export function routeIdsOfArea(
  routes: Readonly<Record<string, RouteEntry | undefined>>,
  area: string | null,
): Set<string> {
  const kept = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const own = route.path === undefined ? null : areaOfPath(route.path);
    if (own !== null && own !== area) continue;
    for (let id: string | undefined = route.id; id && !kept.has(id); id = routes[id]?.parentId) kept.add(id);
  }
  return kept;
}

function only<T>(entries: Readonly<Record<string, T>>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).filter(([id]) => ids.has(id)));
}

/** The build with only an area's routes: on the server and in the manifest it renders from. */
export function buildOfArea(build: ServerBuild, area: string | null): ServerBuild {
  const ids = routeIdsOfArea(build.routes, area);
  return {
    ...build,
    routes: only(build.routes, ids),
    assets: { ...build.assets, routes: only(build.assets.routes, ids) },
  };
}

type RequestHandler = ReturnType<typeof createRequestHandler>;

/**
 * One handler per area (and one for the public pages), each built from the build with only its
 * routes when its first request comes (React Router itself reads a build on its first request: a
 * server whose pages are never asked for, as in the process tests' stand-in build, never does); a
 * request goes to its path's area.
 */
export function handlerByArea(
  build: ServerBuild,
  create: (build: ServerBuild) => RequestHandler,
): RequestHandler {
  const handlers = new Map<string | null, RequestHandler>();
  return (request, context) => {
    const area = areaOfPath(new URL(request.url).pathname);
    let handler = handlers.get(area);
    if (!handler) {
      handler = create(buildOfArea(build, area));
      handlers.set(area, handler);
    }
    return handler(request, context);
  };
}
