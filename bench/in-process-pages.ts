import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContextKey } from "#core/web/request-context.ts";
import { buildDirectory } from "#server/build-directory.ts";
import { createHttpApp, type HttpAppDeps } from "#server/http/app.ts";
import { handlerByArea } from "#server/http/route-areas.ts";
import type { AppVariables } from "#server/http/types.ts";

/**
 * The whole HTTP app in this process with BUILD_DIR's web build (./build without it) as its pages,
 * as main.ts builds it but without a socket: the benches that serve pages in-process and look at
 * their statements (page-statements.ts, explain-collector.ts).
 */
export async function inProcessPages(deps: Pick<HttpAppDeps, "config" | "logger" | "services">) {
  const build = (await import(
    pathToFileURL(path.join(buildDirectory(), "server/index.js")).href
  )) as ServerBuild;
  const handle = handlerByArea(build, (areaBuild) => createRequestHandler(areaBuild, "production"));
  const appContext = requestContextKey<AppVariables>();
  return createHttpApp({
    ...deps,
    pageHandler: (request, variables) => {
      const context = new RouterContextProvider();
      context.set(appContext, variables);
      return handle(request, context);
    },
  });
}
