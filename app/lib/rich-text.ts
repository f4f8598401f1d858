/**
 * Operator-written texts (info pages, blog) may use a few plain HTML tags. Everything is escaped
 * first; then only exact, attribute-less tags from a short list are let back in, so no attribute,
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

const allowedTag = new RegExp(`&lt;(/?)(${ALLOWED_TAGS.join("|")})\\s*(/?)&gt;`, "gi");

export function richTextToHtml(source: string): string {
  const trimmed = source.trim();
  if (!trimmed) return "";
  const hasTags = /<\/?[a-z][a-z0-9]*\b[^>]*>/i.test(trimmed);
  const escaped = escapeHtml(trimmed);
  if (!hasTags) {
    return escaped
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${paragraph.replace(/\n/g, "<br>")}</p>`)
      .join("");
  }
  return escaped.replace(
    allowedTag,
    (_match, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`,
  );
}
