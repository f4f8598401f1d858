import type { MetaDescriptor } from "react-router";
import { isLocale, type Locale, locales, type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath, parseRouteId, pathLocale } from "#core/i18n/paths.ts";
import { seoMeta } from "./meta.ts";

/**
 * The same page in each language, for the hreflang links and the language switcher, from one
 * source: a route whose ids follow `name___locale` (app/routes.ts) has its twin from its params;
 * a route whose params differ by language (a localised slug: info pages, blog articles, categories,
 * products) says so with `export const handle = { alternates: (loaderData) => ({ cs, en }) }`.
 * A query string in those paths is dropped: the switcher keeps the visitor's own.
 */
export type AlternatesHandle = {
  alternates?: (loaderData: never) => Partial<Record<Locale, string>> | null | undefined;
};

export type PageAlternates = Partial<Record<Locale, string>>;

/** A route match as useMatches() and meta() hand it over. */
type MatchLike = {
  id: string;
  params: Record<string, string | undefined>;
  handle?: unknown;
  loaderData?: unknown;
};

const withoutQuery = (path: string) => path.replace(/[?#].*$/, "");

/** The deepest matched page's paths in each language, or null for a page without a twin (404). */
export function pageAlternates(matches: readonly MatchLike[]): PageAlternates | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const fromHandle = (match.handle as AlternatesHandle | undefined)?.alternates;
    const paths = match.loaderData !== undefined ? fromHandle?.(match.loaderData as never) : null;
    if (paths) {
      const out: PageAlternates = {};
      for (const locale of locales) {
        const path = paths[locale];
        if (path) out[locale] = withoutQuery(path);
      }
      return out;
    }
    const parsed = parseRouteId(match.id);
    if (!parsed) continue;
    try {
      const out: PageAlternates = {};
      for (const locale of locales) out[locale] = localePath(parsed.name, locale, match.params);
      return out;
    } catch {
      return null;
    }
  }
  return null;
}

export type PageMetaInput = {
  title: string;
  /** Left out when a page has nothing worth a search snippet. */
  description?: string;
  /** Private or one-off pages (login, tokens, maintenance): kept out of search results. */
  noindex?: boolean;
};

type MetaArgsLike = { matches: readonly (MatchLike | undefined)[]; location: { pathname: string } };

const DESCRIPTION_TAGS = new Set(["description", "og:description", "twitter:description"]);

/**
 * The head tags of a page that has no richer SEO of its own: title, canonical URL and hreflang
 * links (cs, en, x-default) built from `pageAlternates`, Open Graph basics, and noindex when asked.
 * The site's origin comes from the root loader. `input` may be a function of the page's translate.
 */
export function pageMeta(
  args: MetaArgsLike,
  input:
    | PageMetaInput
    | ((t: (key: MessageKey, params?: Record<string, string | number>) => string) => PageMetaInput),
): MetaDescriptor[] {
  const matches = args.matches.filter((match): match is MatchLike => match !== undefined);
  const root = matches[0]?.loaderData as { locale?: unknown; origin?: unknown } | undefined;
  const locale: Locale = isLocale(root?.locale) ? root.locale : pathLocale(args.location.pathname);
  const origin = typeof root?.origin === "string" ? root.origin : "";
  const { title, description, noindex } =
    typeof input === "function" ? input((key, params) => translate(locale, key, params)) : input;
  const alternates = pageAlternates(matches) ?? { [locale]: args.location.pathname };
  const tags = seoMeta({
    origin,
    locale,
    title,
    description: description ?? "",
    path: alternates[locale] ?? args.location.pathname,
    alternates,
    noindex,
  });
  if (description) return tags;
  return tags.filter((tag) => {
    const name = "name" in tag ? tag.name : "property" in tag ? tag.property : null;
    return typeof name !== "string" || !DESCRIPTION_TAGS.has(name);
  });
}
