import { isSafeContentHref } from "#core/schemas/admin-content.ts";

/**
 * Operator-written texts (info pages, blog) may use a few plain HTML tags. The server sanitises
 * them on save (server/modules/cms/sanitize.ts, ADR 0023); this renderer does not rely on it.
 * Everything is escaped first; then only exact, attribute-less tags from a short list are let back
 * in, and links only in the one form the sanitiser writes (`<a href="…">`, with
 * rel="noopener noreferrer" when it leaves the site) with a safe address, so no other attribute,
 * script or style can ever pass. Text without tags is split into paragraphs on blank lines.
 */
const ALLOWED_TAGS = ["h2", "h3", "h4", "p", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote"];

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The sanitiser's own character references (`&amp;`, `&lt;`, `&#160;`) were escaped once more
 * above; they are text either way, so they are let back as they were.
 */
const doubledEntity = /&amp;(amp|lt|gt|quot|nbsp|#\d{1,6}|#x[0-9a-f]{1,6});/gi;

const allowedTag = new RegExp(`&lt;(/?)(${ALLOWED_TAGS.join("|")})\\s*(/?)&gt;`, "gi");
/** A link's address may hold URL characters and `&amp;`, nothing that a browser would decode. */
const allowedLink =
  /&lt;a href=&quot;((?:[\w\-.~:/?#[\]@!$()*+,;=%]|&amp;)+)&quot;( rel=&quot;noopener noreferrer&quot;)?&gt;/g;
const linkEnd = /&lt;\/a&gt;/g;

function linksBack(escaped: string): string {
  let open = 0;
  const opened = escaped.replace(allowedLink, (match, href: string, rel: string | undefined) => {
    if (!isSafeContentHref(href.replace(/&amp;/g, "&"))) return match;
    open += 1;
    const external = /^(https?:|mailto:)/i.test(href);
    return `<a href="${href}"${external || rel ? ' rel="noopener noreferrer"' : ""}>`;
  });
  // As many closing tags as opened ones; the browser balances the rest.
  return open === 0 ? opened : opened.replace(linkEnd, () => (open-- > 0 ? "</a>" : "&lt;/a&gt;"));
}

export function richTextToHtml(source: string): string {
  const trimmed = source.trim();
  if (!trimmed) return "";
  const hasTags = /<\/?[a-z][a-z0-9]*\b[^>]*>/i.test(trimmed);
  const escaped = escapeHtml(trimmed).replace(doubledEntity, "&$1;");
  if (!hasTags) {
    return escaped
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${paragraph.replace(/\n/g, "<br>")}</p>`)
      .join("");
  }
  return linksBack(
    escaped.replace(allowedTag, (_match, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`),
  );
}
