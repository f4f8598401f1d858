import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { PAGE_PATHS, type PageName, routeId } from "./i18n/paths.ts";

/** One screen in both languages: the Czech path and its /en twin share a module (spec section 2). */
function page(name: PageName, file: string): RouteConfigEntry[] {
  return [route(PAGE_PATHS[name].cs, file, { id: routeId(name, "cs") }), route(PAGE_PATHS[name].en, file, { id: routeId(name, "en") })];
}

export default [
  ...page("home", "routes/home.tsx"),
  ...page("account", "routes/account/login.tsx"),
  ...page("accountOverview", "routes/account/overview.tsx"),
  ...page("logout", "routes/account/logout.tsx"),
  ...page("loginCallback", "routes/login-callback.tsx"),
  ...page("maintenance", "routes/maintenance.tsx"),
  ...page("info", "routes/info.tsx"),
  ...page("documents", "routes/documents.tsx"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
];
