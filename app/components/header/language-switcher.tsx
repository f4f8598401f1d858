import { useLocation, useMatches } from "react-router";
import { type Locale, locales } from "../../i18n/index.ts";
import { localePath, parseRouteId } from "../../i18n/paths.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "./shared.ts";

/**
 * The same page in another language, keeping the query string: the deepest matched route whose id
 * is `name___locale` gives the page and its params; a page with no twin gives that language's home.
 */
export function useLanguageTwin(): (target: Locale) => string {
  const matches = useMatches();
  const { search } = useLocation();
  return (target) => {
    for (let i = matches.length - 1; i >= 0; i--) {
      const parsed = parseRouteId(matches[i].id);
      if (!parsed) continue;
      try {
        return `${localePath(parsed.name, target, matches[i].params)}${search}`;
      } catch {
        break;
      }
    }
    return localePath("home", target);
  };
}

const SHORT: Record<Locale, string> = { cs: "CS", en: "EN" };

/**
 * Links to the current page in each language (with hreflang). They are plain links: the server
 * sets the locale cookie on the page response.
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
