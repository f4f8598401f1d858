import fs from "node:fs";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./components/security/csp-nonce.tsx";
import { appContext } from "./context.ts";
import { StylesheetContext } from "./stylesheet.tsx";

export const streamTimeout = 5_000;

const stylesheets = new Map<string, string | null>();

/**
 * The text of the built stylesheet(s) the root route links (the client build beside this server
 * build: builds/<name>/client next to builds/<name>/server), read once; null when they cannot be
 * read (the dev server serves its CSS from memory), and the page links them instead (ADR 0032).
 */
function inlineStylesheet(routerContext: EntryContext): string | null {
  const files = routerContext.manifest.routes.root?.css ?? [];
  const key = files.join(" ");
  if (!stylesheets.has(key)) {
    let text: string | null = null;
    try {
      if (files.length > 0 && import.meta.env?.PROD)
        text = files
          .map((file) => fs.readFileSync(new URL(`../client${file}`, import.meta.url), "utf8"))
          .join("\n")
          // A stylesheet cannot end the <style> element early.
          .replaceAll("</style", "<\\/style");
    } catch {
      text = null;
    }
    stylesheets.set(key, text);
  }
  return stylesheets.get(key) ?? null;
}

/** The request's CSP nonce (server/http/csp.ts); none when rendered outside the Hono app. */
function requestNonce(loadContext: RouterContextProvider): string | undefined {
  try {
    return loadContext.get(appContext).cspNonce || undefined;
  } catch {
    return undefined;
  }
}

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce: `<ServerRouter
 * nonce>` puts it on React Router's scripts (hydration data, modules, scroll restoration), the
 * render option on React's own inline scripts (streamed Suspense boundaries), and NonceContext
 * hands it to our inline scripts (the consent and tag-manager bootstrap).
 */
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
  const nonce = requestNonce(loadContext);
  const stylesheet = inlineStylesheet(routerContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA mode wait for all content; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so the rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
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
