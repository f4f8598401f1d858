import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext } from "./context.ts";
import { translate, type Locale } from "./i18n/index.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(appContext);
  return { locale };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? "cs";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
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
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = data?.locale ?? "cs";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? translate(locale, "errors.notFound") : translate(locale, "errors.general");
  return (
    <main className="container-page py-16 text-center">
      <p className="text-6xl font-serif text-primary-dark">{status}</p>
      <h1 className="mt-4 text-2xl">{title}</h1>
      <a className="mt-8 inline-block rounded bg-primary-dark px-6 py-3 text-white" href={locale === "en" ? "/en" : "/"}>
        {locale === "en" ? "Back to the home page" : "Zpět na úvodní stránku"}
      </a>
    </main>
  );
}
