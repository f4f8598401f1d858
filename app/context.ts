import { createContext, type RouterContext } from "react-router";
import type { AppVariables } from "#server/http/types.ts";

/**
 * What loaders and actions get from the server: services, the user, the locale (architecture.md).
 * The server process imports this module from source while the route modules come from the Vite
 * build, so the context object is kept on globalThis: both copies must hand out the same key.
 */
const KEY = Symbol.for("rarita.appContext");
const store = globalThis as unknown as Record<symbol, RouterContext<AppVariables> | undefined>;
store[KEY] ??= createContext<AppVariables>();
export const appContext: RouterContext<AppVariables> = store[KEY];
