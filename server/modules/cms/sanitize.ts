import sanitizeHtml from "sanitize-html";
import { isSafeContentHref } from "#core/schemas/admin-content.ts";

/**
 * The rich text of blog articles and info pages, as the editor (TipTap) or a plain textarea sends
 * it, cleaned on save with sanitize-html (docs/decisions/0023-rich-text.md): only headings,
 * paragraphs, lists, bold and italic, block quotes, line breaks and links pass. A link keeps only an
 * http(s), mailto or relative address; one leaving the site opens with rel="noopener noreferrer".
 * Everything else (script, style, iframes, event attributes, `javascript:` addresses) is dropped,
 * and what script or style contained with it.
 */
const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "br",
  "blockquote",
  "a",
];
/** Marks a link whose address is unsafe; the second pass drops the mark and keeps the words. */
const UNSAFE_LINK = "unsafe-link";

const FINAL: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/**
 * The first pass renames: headings into the body's levels, links with their rel, unsafe links to a
 * mark the second pass drops (sanitize-html mixes up the closing tags when a renamed tag is itself
 * discarded in the same pass, so renaming and discarding happen in two).
 */
const RENAME: sanitizeHtml.IOptions = {
  ...FINAL,
  allowedTags: [...ALLOWED_TAGS, UNSAFE_LINK],
  // The editor's level-1 heading is the page's title: a body's headings start at h2.
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      // A link to nowhere safe loses its tag, not its words.
      if (!isSafeContentHref(href)) return { tagName: UNSAFE_LINK, attribs: {} };
      const external = /^(https?:|mailto:)/i.test(href);
      const attributes: Record<string, string> = external ? { href, rel: "noopener noreferrer" } : { href };
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(sanitizeHtml(html, RENAME), FINAL).trim();
}
