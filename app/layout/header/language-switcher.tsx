import { useLocation, useMatches } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import { CLIENT_COOKIES } from "#app/lib/consent.ts";
import { FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { pageAlternates } from "#app/ui/seo/page-meta.ts";
import { type Locale, locales } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";

/**
 * The same page in another language, keeping the query string. The page's paths come from the
 * same place as its hreflang links (pageAlternates: the route's twin, or the localised slugs its
 * handle gives), so the link lands on the final URL without a 301 hop; a page with no twin gives
 * that language's home.
 */
export function useLanguageTwin(): (target: Locale) => string {
  const matches = useMatches();
  const { search } = useLocation();
  return (target) => {
    const path = pageAlternates(matches)?.[target];
    return path ? `${path}${search}` : localePath("home", target);
  };
}

const SHORT: Record<Locale, string> = { cs: "CS", en: "EN" };

/** Remembers the visitor's choice of language (the locale cookie, docs/product/screens.md). */
function rememberLocale(target: Locale) {
  writeBrowserCookie({ ...CLIENT_COOKIES.locale, value: target });
}

/**
 * Links to the current page in each language (with hreflang). They are plain links; a click
 * stores the locale cookie in the browser. Pages never set it themselves: the path says the
 * language, and a page without Set-Cookie can be kept by a shared cache (ADR 0027).
 */
export function LanguageSwitcher({ variant }: { variant: "bar" | "menu" }) {
  const { locale, t } = useTranslation();
  const twin = useLanguageTwin();
  const bar = variant === "bar";
  return (
    <nav
      aria-label={t("header.language")}
      className={`flex items-center rounded-full p-0.5 ${bar ? "bg-white/10" : "bg-primary-dark/5"}`}
      data-testid={`language-switcher-${variant}`}
    >
      {locales.map((target) => {
        const current = target === locale;
        return (
          <a
            key={target}
            href={twin(target)}
            hrefLang={target}
            lang={target}
            onClick={() => rememberLocale(target)}
            aria-current={current ? "true" : undefined}
            title={t(`header.languageName.${target}`)}
            className={`rounded-full px-2.5 py-1 text-[0.75rem] font-semibold tracking-wider transition-colors ${
              bar
                ? `${current ? "bg-secondary text-ink" : "text-white/90 hover:text-white"} ${FOCUS_ON_DARK}`
                : `${current ? "bg-primary-dark text-white" : "text-ink hover:text-primary-dark"} ${FOCUS_ON_LIGHT}`
            }`}
          >
            {SHORT[target]}
            <span className="sr-only"> – {t(`header.languageName.${target}`)}</span>
          </a>
        );
      })}
    </nav>
  );
}
