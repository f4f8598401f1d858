import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { TagManager } from "./components/consent/tag-manager.tsx";
import { DefaultLayout } from "./components/layout/default-layout.tsx";
import { SimpleLayout } from "./components/layout/simple-layout.tsx";
import { defaultLocale, type Locale, translate } from "./i18n/index.ts";
import { localePath } from "./i18n/paths.ts";
import { reloadOnChunkError } from "./lib/chunk-reload.ts";
import { loadShell } from "./shell.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShell(request, context);
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
  const locale: Locale = data?.locale ?? defaultLocale;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4f55" />
        <Meta />
        <Links />
        {/* Consent defaults before any tag, on every layout; the tag manager only when configured. */}
        {data ? <TagManager /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
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

export function ErrorBoundary() {
  const error = useRouteError();
  // A failed chunk load after a deploy: reload (at most once a minute) to get the new build.
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? defaultLocale;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const content = (
    <section className="container-page py-16 text-center" data-testid="error-page">
      <title>{`${status} – ${translate(locale, "common.siteName")}`}</title>
      <p className="font-serif text-7xl text-primary-dark">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">
        {notFound ? translate(locale, "errors.notFound") : translate(locale, "errors.general")}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-muted">
        {translate(locale, notFound ? "pages.notFoundText" : "pages.errorText")}
      </p>
      <a
        className="mt-8 inline-block rounded bg-primary-dark px-6 py-3 text-white hover:bg-primary"
        href={localePath("home", locale)}
      >
        {translate(locale, "common.backHome")}
      </a>
    </section>
  );
  // Without shell data (the root loader itself failed) there is nothing to draw a header from.
  return data ? <DefaultLayout>{content}</DefaultLayout> : <main>{content}</main>;
}
