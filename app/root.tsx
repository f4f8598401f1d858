import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath, pathLocale } from "#core/i18n/paths.ts";
import { appContext } from "./context.ts";
import { TagManager } from "./features/consent/tag-manager.tsx";
import { TextsPreload } from "./i18n/texts-preload.tsx";
import { DefaultLayout } from "./layout/default-layout.tsx";
import { SimpleLayout } from "./layout/simple-layout.tsx";
import { reloadOnChunkError } from "./lib/chunk-reload.ts";
import { useNonce } from "./lib/csp-nonce.tsx";
import { REQUEST_ID_ATTRIBUTE, useRequestId } from "./lib/request-id.tsx";
import { rejectControlCharacters } from "./middleware.server.ts";
import { loadShell } from "./shell.server.ts";
import { Stylesheet, StylesheetFile } from "./stylesheet.tsx";

/** Before any route: no form post may carry a control character in a text field (422). */
export const middleware: Route.MiddlewareFunction[] = [rejectControlCharacters];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shell = await loadShell(request, context);
  // The site's absolute origin: every page's canonical and hreflang links are built from it.
  return { ...shell, origin: context.get(appContext).config.publicUrl };
}

/** Route modules choose their frame with `export const handle = { layout: "simple" }`. */
export type RouteHandle = { layout?: "default" | "simple" };

function useLayout(): "default" | "simple" {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i].handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return "default";
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Without root data (an error before the root loader ran) the path tells the language.
  const { pathname } = useLocation();
  const locale: Locale = data?.locale ?? pathLocale(pathname);
  // The response's CSP nonce (server/http/csp.ts): the inline scripts below run only with it.
  const nonce = useNonce();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4f55" />
        {/* The installable app (ADR 0110): the manifest of the page's language, the iOS icon. */}
        <link rel="manifest" href={`/manifest.${locale}.webmanifest`} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        {/* The first screen's rules inline, not a render-blocking request (ADR 0114). */}
        <Stylesheet />
        {/* Consent defaults before any tag, on every layout; the tag manager only when configured. */}
        {data ? <TagManager /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After the route modules' links: needed at hydration, not for the first paint. */}
        <TextsPreload />
        {/* The whole sheet last: nothing above waits for it, the modules do (ADR 0114). */}
        <StylesheetFile />
      </body>
    </html>
  );
}

export default function App() {
  const layout = useLayout();
  const Frame = layout === "simple" ? SimpleLayout : DefaultLayout;
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/**
 * The message a thrown `data("…", { status })` or Response chose to show
 * (docs/product/calls-and-errors.md, "Error catalogue": "the error page with their status (or 500)
 * and message", e.g. "Unknown middleware {name}"). Only those deliberate answers carry one: an
 * unexpected exception never shows its message, which may hold internals (and React Router
 * replaces it in production anyway), nor does React Router's own internal 404/405 (its data is an
 * Error).
 */
function deliberateMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  const text =
    typeof body === "string"
      ? body
      : body && typeof body === "object" && !(body instanceof Error) && "message" in body
        ? body.message
        : null;
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  // A long body is a page or a dump, not a message meant for a visitor.
  return trimmed && trimmed.length <= 200 && !/[<>]/.test(trimmed) ? trimmed : null;
}

/**
 * A server error's page names its request (the id in the request's log line and X-Request-Id),
 * never the error's internals: a visitor can quote it to support (docs/product/calls-and-errors.md).
 */
function ErrorReference({ error, locale }: { error: unknown; locale: Locale }) {
  const requestId = useRequestId(error);
  if (!requestId) return null;
  return (
    <p
      className="mt-2 text-sm text-muted"
      data-testid="error-reference"
      {...{ [REQUEST_ID_ATTRIBUTE]: requestId }}
    >
      {translate(locale, "pages.errorReference", { id: requestId })}
    </p>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A failed chunk load after a deploy: reload (at most once a minute) to get the new build.
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname, search } = useLocation();
  // A route middleware that throws stops the root loader too: the path still tells the language.
  const locale: Locale = data?.locale ?? pathLocale(pathname);
  const t = (key: MessageKey) => translate(locale, key);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // 422: a form post refused before its action ran (a control character): the way out is the form's
  // page again (a plain link: most forms post through a fetcher, so there is no page to go back to).
  const invalidInput = status === 422;
  const message = notFound ? null : deliberateMessage(error);
  // 404: the sentence "This page could not be found" is English (docs/product/calls-and-errors.md,
  // "Error catalogue"); a Czech page gets a Czech heading with it underneath.
  const notFoundSentence = t("errors.notFound");
  const heading = notFound
    ? locale === "en"
      ? notFoundSentence
      : t("errors.notFoundTitle")
    : (message ?? t("errors.general"));
  const content = (
    <section className="container-page py-16 text-center" data-testid="error-page">
      <title>{`${status} – ${heading} | ${t("common.siteName")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-serif text-7xl text-primary-dark" data-testid="error-status">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold" data-testid="error-title">
        {heading}
      </h1>
      {notFound && locale !== "en" ? (
        <p className="mt-2 font-medium text-ink" lang="en" data-testid="error-message">
          {notFoundSentence}
        </p>
      ) : null}
      <p className="mx-auto mt-3 max-w-xl text-muted">
        {t(notFound ? "pages.notFoundText" : invalidInput ? "pages.invalidInputText" : "pages.errorText")}
      </p>
      {status >= 500 ? <ErrorReference error={error} locale={locale} /> : null}
      {invalidInput ? (
        <a
          className="mx-1.5 mt-8 inline-block rounded bg-primary-dark px-6 py-3 text-white hover:bg-primary"
          href={`${pathname}${search}`}
        >
          {t("pages.backToForm")}
        </a>
      ) : null}
      <a
        className={
          invalidInput
            ? "mx-1.5 mt-8 inline-block rounded border border-primary-dark px-6 py-3 text-primary-dark hover:bg-white"
            : "mt-8 inline-block rounded bg-primary-dark px-6 py-3 text-white hover:bg-primary"
        }
        href={localePath("home", locale)}
      >
        {t("common.backHome")}
      </a>
    </section>
  );
  // Without shell data (the root loader or a middleware failed) there is nothing to draw the
  // header from: the simple frame (logo and content) still gives a way home.
  return data ? <DefaultLayout>{content}</DefaultLayout> : <SimpleLayout>{content}</SimpleLayout>;
}
