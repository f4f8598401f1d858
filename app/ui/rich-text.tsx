import { richTextToHtml } from "#app/lib/rich-text.ts";

/** Operator-written text (info pages, blog articles) rendered from a whitelisted HTML subset. */
export function RichText({ source, className = "" }: { source: string; className?: string }) {
  const html = richTextToHtml(source);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: richTextToHtml escapes everything and lets only attribute-less basic tags back in.
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
