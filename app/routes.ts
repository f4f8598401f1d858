import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table: one entry per screen, Czech path first, its English twin under /en. */
export default [index("routes/home.tsx", { id: "home" }), route("en", "routes/home.tsx", { id: "home-en" }), route("*", "routes/not-found.tsx")] satisfies RouteConfig;
