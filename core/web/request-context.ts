import { createContext, type RouterContext } from "react-router";

/**
 * The key under which the server hands every page request its variables (services, user, locale,
 * config: server/http/types.ts) to the web app's loaders and actions. This key is the one seam
 * between the two halves: the server sets it, `app/context.ts` reads it, and the variables' type
 * crosses only as a type (docs/architecture.md, "The seam").
 *
 * The server process imports this module from source while the route modules come from the Vite
 * build, so the key is kept on globalThis: both copies must hand out the same object.
 */
const KEY = Symbol.for("rarita.appContext");

export function requestContextKey<Variables>(): RouterContext<Variables> {
  const store = globalThis as unknown as Record<symbol, RouterContext<Variables> | undefined>;
  store[KEY] ??= createContext<Variables>();
  return store[KEY];
}
