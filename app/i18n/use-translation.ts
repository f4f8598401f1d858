import { useRouteLoaderData } from "react-router";
import { defaultLocale, type Locale, translate } from "./index.ts";

/** The current page's language and a bound translate function, for components. */
export function useTranslation() {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  const locale = data?.locale ?? defaultLocale;
  return {
    locale,
    t: (key: string, params?: Record<string, string | number>) => translate(locale, key, params),
  };
}
