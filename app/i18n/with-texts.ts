import { loadTexts } from "#core/i18n/index.ts";
import { pathLocale } from "#core/i18n/paths.ts";
import { textsPartOf } from "./texts-part.ts";

/**
 * Waits, after a module loaded apart (a dynamic import: a lazy form, an overlay) has run, for the
 * texts areas its code names: the page no longer carries the texts of what it may open
 * (scripts/vite/texts-plugin.ts), so the part fetches its own before it draws, instead of
 * suspending on them while drawn. On the server every text is there already.
 */
export async function withTexts<T>(module: Promise<T>): Promise<T> {
  const loaded = await module;
  if (typeof window !== "undefined") {
    const { pathname } = window.location;
    await loadTexts(pathLocale(pathname), textsPartOf(pathname));
  }
  return loaded;
}
