import type { MetaDescriptor } from "react-router";
import { type Locale, translate } from "#core/i18n/index.ts";
import { ATOM_TYPE } from "#core/web/feed-paths.ts";
import { absoluteUrl } from "./meta.ts";

/**
 * A page's `<link rel="alternate" type="application/atom+xml">`: how a feed reader (or a browser
 * extension) finds the page's feed (docs/product/visitor-basics.md, "Feeds").
 */
export function feedLink(origin: string, locale: Locale, path: string, title: string): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: ATOM_TYPE,
    href: absoluteUrl(origin, path),
    title: translate(locale, "feeds.linkTitle", { title }),
  };
}
