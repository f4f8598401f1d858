import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { defaultLocale, isLocale, type Locale } from "#core/i18n/index.ts";
import type { AppEnv } from "./types.ts";

export const LOCALE_COOKIE = "locale";

/**
 * The request's language. Pages: the /en prefix decides. API: an explicit `lang` query, then the
 * locale cookie, then Accept-Language; Czech by default.
 */
export function detectLocale(
  url: URL,
  cookieLocale: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  return detectLocaleOf(url.pathname, () => url, cookieLocale, acceptLanguage);
}

/** detectLocale, parsing the URL only for the API's `lang` query (a page needs only its path). */
function detectLocaleOf(
  pathname: string,
  url: () => URL,
  cookieLocale: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (!pathname.startsWith("/api/")) {
    return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "cs";
  }
  const lang = url().searchParams.get("lang");
  if (isLocale(lang)) return lang;
  if (isLocale(cookieLocale)) return cookieLocale;
  const first = acceptLanguage?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : defaultLocale;
}

export const localeMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set(
    "locale",
    detectLocaleOf(
      c.req.path,
      () => new URL(c.req.url),
      getCookie(c, LOCALE_COOKIE),
      c.req.header("accept-language"),
    ),
  );
  await next();
};
