import { use } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { type Locale, loadTexts, type MessageKey, textsReady, translate } from "#core/i18n/index.ts";
import { pathLocale } from "#core/i18n/paths.ts";
import { textsPartOf } from "./texts-part.ts";

/** The current page's language and a bound translate function, for components. */
export function useTranslation() {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  // Without root data (the error page after a failed middleware) the path tells the language.
  const { pathname } = useLocation();
  const locale = data?.locale ?? pathLocale(pathname);
  // In the browser a page of another language, or the first back-office page, waits for its texts
  // (a navigation keeps the previous page on screen meanwhile); on the server every text is there.
  const part = textsPartOf(pathname);
  if (!textsReady(locale, part)) use(loadTexts(locale, part));
  return {
    locale,
    t: (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params),
  };
}
