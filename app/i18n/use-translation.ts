import { useLocation, useRouteLoaderData } from "react-router";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { pathLocale } from "#core/i18n/paths.ts";

/** The current page's language and a bound translate function, for components. */
export function useTranslation() {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  // Without root data (the error page after a failed middleware) the path tells the language.
  const { pathname } = useLocation();
  const locale = data?.locale ?? pathLocale(pathname);
  return {
    locale,
    t: (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params),
  };
}
