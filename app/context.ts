import type { RouterContext } from "react-router";
import { requestContextKey } from "#core/web/request-context.ts";
// The seam (docs/architecture.md): the variables' type comes from the server, as a type only.
import type { AppVariables } from "#server/http/types.ts";

/** What loaders and actions get from the server: services, the user, the locale, the config. */
export const appContext: RouterContext<AppVariables> = requestContextKey<AppVariables>();
