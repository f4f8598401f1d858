import type { Locale } from "#core/i18n/index.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";

/**
 * The web app manifest of one language (ADR 0110), written to public/ by scripts/pwa-assets.ts
 * and linked by the root layout in the page's language: a manifest has one name, so each language
 * has its own (start_url and scope follow the language's paths; the Czech scope is the whole site).
 */
export const THEME_COLOR = "#1f4f55";
export const BACKGROUND_COLOR = "#f7f3ec";

export function webAppManifest(locale: Locale) {
  const t = (key: "name" | "shortName" | "description" | "search" | "watch" | "bids") =>
    translate(locale, `push.manifest.${key}`);
  const icon96 = [{ src: "/icons/icon-96.png", sizes: "96x96", type: "image/png" }];
  return {
    id: "/",
    lang: locale,
    dir: "ltr",
    name: t("name"),
    short_name: t("shortName"),
    description: t("description"),
    start_url: `${localePath("home", locale)}?source=pwa`,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["shopping", "lifestyle"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: t("search"), url: localePath("search", locale), icons: icon96 },
      { name: t("watch"), url: localePath("accountWatch", locale), icons: icon96 },
      { name: t("bids"), url: localePath("accountAuctions", locale), icons: icon96 },
    ],
  };
}
