import { XMLBuilder } from "fast-xml-parser";

/**
 * An Atom 1.0 document (RFC 4287) from plain data. Built with fast-xml-parser's XMLBuilder, which
 * escapes every text and attribute (`<`, `&`, quotes), never by concatenating strings; what XML
 * 1.0 cannot carry at all (control characters, unpaired surrogates, U+FFFE and U+FFFF) is dropped
 * first, since escaping cannot save it. Every URL given is absolute already (feeds.ts).
 */

export type AtomEntry = {
  /** A permanent id (a tag: URI): a reader tells entries apart by it, whatever their URL. */
  id: string;
  title: string;
  url: string;
  published: Date;
  updated: Date;
  summary: string;
  author?: string | null;
  category?: string | null;
};

export type AtomFeed = {
  id: string;
  language: string;
  title: string;
  subtitle: string;
  /** The feed's own URL. */
  self: string;
  /** The HTML page the feed follows. */
  page: string;
  updated: Date;
  entries: AtomEntry[];
};

const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text XML 1.0 can carry (then escaped by the builder). */
export const xmlSafe = (text: string) => text.replace(NOT_XML, "");

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  suppressEmptyNode: true,
  format: true,
});

const text = (value: string) => ({ "@_type": "text", "#text": xmlSafe(value) });

export function atomXml(feed: AtomFeed): string {
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      "@_xml:lang": feed.language,
      id: xmlSafe(feed.id),
      title: text(feed.title),
      subtitle: text(feed.subtitle),
      link: [
        { "@_rel": "self", "@_type": "application/atom+xml", "@_href": xmlSafe(feed.self) },
        { "@_rel": "alternate", "@_type": "text/html", "@_href": xmlSafe(feed.page) },
      ],
      updated: feed.updated.toISOString(),
      author: { name: "Rarita" },
      entry: feed.entries.map((entry) => ({
        id: xmlSafe(entry.id),
        title: text(entry.title),
        link: { "@_rel": "alternate", "@_type": "text/html", "@_href": xmlSafe(entry.url) },
        published: entry.published.toISOString(),
        updated: entry.updated.toISOString(),
        ...(entry.author ? { author: { name: xmlSafe(entry.author) } } : {}),
        ...(entry.category ? { category: { "@_term": xmlSafe(entry.category) } } : {}),
        summary: text(entry.summary),
      })),
    },
  };
  return builder.build(document) as string;
}
