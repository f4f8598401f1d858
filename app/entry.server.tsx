import fs from "node:fs";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { parseRouteId, pathLocale } from "#core/i18n/paths.ts";
import { appContext } from "./context.ts";
import { textsPartOf } from "./i18n/texts-part.ts";
import { TextsPreloadContext } from "./i18n/texts-preload.tsx";
import { NonceContext } from "./lib/csp-nonce.tsx";
import { keptPerUserAgent } from "./lib/kept-per-user-agent.ts";
import { RequestIdContext } from "./lib/request-id.tsx";
import { renderDestination } from "./render-destination.server.ts";
import { StylesheetContext } from "./stylesheet.tsx";

export const streamTimeout = 5_000;

let criticalManifest: Record<string, Record<string, string>> | null | undefined;

/**
 * The critical part of the stylesheet(s) the root route links (ADR 0114): the rules the page's
 * first screen uses, from critical-css.json of the client build beside this server build
 * (builds/<name>/client next to builds/<name>/server), read once. Null where it cannot be read
 * (the dev server builds no such file): the page then links the whole sheet in its head. The
 * browser keeps the choice of the first page for its client navigations (app/stylesheet.tsx).
 */
function criticalStylesheet(request: Request, routerContext: EntryContext): string | null {
  // The back office is opened signed in, again and again, from a cached sheet: its pages are not
  // among those the critical part is taken from, so they link the whole sheet in the head.
  if (textsPartOf(new URL(request.url).pathname) === "admin") return null;
  const files = routerContext.manifest.routes.root?.css ?? [];
  if (criticalManifest === undefined) {
    try {
      criticalManifest = import.meta.env?.PROD
        ? JSON.parse(
            fs
              .readFileSync(new URL("../client/critical-css.json", import.meta.url), "utf8")
              // A stylesheet cannot end the <style> element early (escaped once, not per page).
              .replaceAll("</style", "<\\\\/style"),
          )
        : null;
    } catch {
      criticalManifest = null;
    }
  }
  // The page's own part where its first screens were measured, every measured page's otherwise.
  // An error shown by a boundary is not the page measured: it gets every page's part.
  const { matches, errors } = routerContext.staticHandlerContext;
  const leaf = errors ? "*" : (matches.at(-1)?.route.id ?? "*");
  const page = parseRouteId(leaf)?.name ?? leaf;
  const parts = files.map((file) => criticalManifest?.[file]?.[page] ?? criticalManifest?.[file]?.["*"]);
  if (files.length === 0 || parts.some((part) => part === undefined)) return null;
  return parts.join("\n");
}

/**
 * The request's CSP nonce (server/http/csp.ts) and id (request-log.ts); none when rendered outside
 * the Hono app.
 */
function requestValues(loadContext: RouterContextProvider): { nonce?: string; requestId?: string } {
  try {
    const variables = loadContext.get(appContext);
    return { nonce: variables.cspNonce || undefined, requestId: variables.requestId || undefined };
  } catch {
    return {};
  }
}

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce: `<ServerRouter
 * nonce>` puts it on React Router's scripts (hydration data, modules, scroll restoration), the
 * render option on React's own inline scripts (streamed Suspense boundaries), and NonceContext
 * hands it to our inline scripts (the consent and tag-manager bootstrap).
 */
let textsManifest: Record<string, string> | undefined;

/**
 * The scripts of this page's texts (its language's public texts, the back office's too on its
 * pages), from the client build's texts-manifest.json (scripts/vite/texts-plugin.ts), read once;
 * none where it cannot be read (the dev server).
 */
function textsModules(request: Request): string[] {
  if (textsManifest === undefined) {
    try {
      textsManifest = import.meta.env?.PROD
        ? JSON.parse(fs.readFileSync(new URL("../client/texts-manifest.json", import.meta.url), "utf8"))
        : {};
    } catch {
      textsManifest = {};
    }
  }
  const { pathname } = new URL(request.url);
  const locale = pathLocale(pathname);
  const parts = textsPartOf(pathname) === "admin" ? ["site", "admin"] : ["site"];
  return parts.flatMap((part) => textsManifest?.[`${locale}-${part}`] ?? []);
}

const isKnownBot = keptPerUserAgent(isbot);

function isBot(userAgent: string | null): boolean {
  return userAgent ? isKnownBot(userAgent) : false;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId } = requestValues(loadContext);
  const stylesheet = criticalStylesheet(request, routerContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and SPA mode wait for all content; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      isBot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so the rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={requestId}>
          <StylesheetContext.Provider value={stylesheet}>
            <TextsPreloadContext.Provider value={textsModules(request)}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </TextsPreloadContext.Provider>
          </StylesheetContext.Provider>
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary whose content is ready stays in its place in the HTML: by default React
        // sends one of more than 500 bytes late in a large page apart, moved in by a script later (a
        // visible jump). The footer's content is such a boundary (DeferredPart, ADR 0055).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const { destination, body } = renderDestination(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(destination as unknown as NodeJS.WritableStream);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject and are logged by React Router; these come later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
