/**
 * Splits a message's plain text into text and web addresses, so the page can show the addresses as
 * links. Only http and https addresses are links (never `javascript:` or `data:`); punctuation that
 * ends a sentence after an address, and a closing bracket without its opening one, stay text.
 */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;

function trimUrl(candidate: string): string {
  let url = candidate.replace(/[.,;:!?'"»“”‘’]+$/u, "");
  // "(viz https://example.com/a)": the bracket belongs to the sentence, unless the address opened one.
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(/[.,;:!?'"»“”‘’]+$/u, "");
  }
  return url;
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const url = trimUrl(match[0]);
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
