import { data, type MiddlewareFunction, redirect } from "react-router";
import { translate } from "#core/i18n/index.ts";
import { localePath, pathLocale } from "#core/i18n/paths.ts";
import { controlCharacterFormFields } from "#core/validation/text-input.ts";
import { isSafeRedirect, safeLocalPath, safeRedirectTarget } from "#core/web/safe-redirect.ts";
import { appContext } from "./context.ts";

/**
 * Route middleware by name (docs/product/screens.md, "Router rules": clearValidationErrors, guest,
 * trailingSlashRedirect; plus auth for protected pages). Route modules declare them with `export const
 * middleware = named("auth")`; an unknown name is a 500 "Unknown middleware {name}".
 */

/**
 * The page a request is for. Client navigations fetch `/ucet/prehled.data?_routes=…` (`/_.data` for
 * the home page), and middleware sees that raw URL (React Router normalises it only for loaders):
 * strip the suffix and the internal parameter, so a remembered page is the page, not its data URL.
 */
export function requestPage(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  // Only when present: deleting re-serialises the whole query.
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return url;
}

/**
 * Anonymous users are sent to the login target, remembering the wanted page: with its query when
 * the whole is a safe redirect, else the bare path, else nothing (the login then ends on the
 * overview). Remembering only what the login will accept keeps the `redirect` value honest.
 */
const auth: MiddlewareFunction<Response> = ({ request, context }) => {
  if (context.get(appContext).user) return;
  const url = requestPage(request);
  const locale = pathLocale(url.pathname);
  const wanted =
    safeRedirectTarget(url.pathname + url.search) ?? (isSafeRedirect(url.pathname) ? url.pathname : null);
  const target = localePath("account", locale);
  throw redirect(wanted ? `${target}?redirect=${encodeURIComponent(wanted)}` : target);
};

/** Logged-in users opening a guest-only page are sent home. */
const guest: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!context.get(appContext).user) return;
  throw redirect(localePath("home", pathLocale(requestPage(request).pathname)));
};

/**
 * A trailing slash on any path but / redirects (301) to the path without it, keeping the query;
 * the target stays on this site (`//evil.example/` goes to `/evil.example`, not to that host).
 */
const trailingSlashRedirect: MiddlewareFunction<Response> = ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    throw redirect(safeLocalPath(`${url.pathname.replace(/\/+$/, "")}${url.search}`), 301);
  }
};

/**
 * Validation errors live in action data, which React Router drops on the next navigation, so
 * there is nothing to clear on the server; the name exists so routes can declare it
 * (docs/product/screens.md, "Router rules").
 */
const clearValidationErrors: MiddlewareFunction<Response> = () => {};

/**
 * Every form post of the site (root middleware): a text field holding a control character
 * (server/http/text-input.ts, the API's rule) is refused before any action reads the form, with a
 * 422 and the translated message on the error page. No honest form produces one, so the field-level
 * message of the API is not needed here. Files are not text; the body is read from a clone, so the
 * action still gets the whole request.
 */
export const rejectControlCharacters: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) return;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (form && controlCharacterFormFields(form).length > 0) {
    throw data(translate(context.get(appContext).locale, "validation.controlCharacters"), { status: 422 });
  }
};

export const middlewareRegistry = { auth, guest, trailingSlashRedirect, clearValidationErrors } as const;
export type MiddlewareName = keyof typeof middlewareRegistry;

export function named(...names: string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const found = (middlewareRegistry as Record<string, MiddlewareFunction<Response>>)[name];
    if (found) return found;
    return () => {
      throw data(`Unknown middleware ${name}`, { status: 500 });
    };
  });
}
