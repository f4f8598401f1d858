import { createContext, useContext } from "react";
import { Links } from "react-router";

/**
 * The site's stylesheet in two parts (ADR 0114, after ADR 0032): app/entry.server.tsx provides the
 * critical part's text (the rules the first screen of the public pages uses, app/critical-css.json),
 * `<Stylesheet />` writes it into the `<head>` as a `<style>`, so the first paint waits for no
 * request, and `<StylesheetFile />` at the end of the `<body>` links the whole sheet, a
 * fingerprinted file the browser keeps: a link in the body blocks no paint of what is above it,
 * and the page's modules wait for it before they run, so the page hydrates fully styled.
 * Without a critical text (the dev server) `<Stylesheet />` is React Router's `<Links />`, the
 * usual blocking `<link rel="stylesheet">`, and `<StylesheetFile />` is nothing.
 */
export const StylesheetContext = createContext<string | null>(null);

const MARK = "data-stylesheet";

/** In the browser: the text the server wrote (read once), so hydration renders the same `<style>`. */
let documentCss: string | null | undefined;

function useCriticalCss(): string | null {
  const provided = useContext(StylesheetContext);
  if (provided !== null || typeof document === "undefined") return provided;
  documentCss ??= document.querySelector(`style[${MARK}]`)?.textContent ?? null;
  return documentCss;
}

export function Stylesheet() {
  const css = useCriticalCss();
  if (css === null) return <Links />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own CSS, not user content
  return <style {...{ [MARK]: "" }} dangerouslySetInnerHTML={{ __html: css }} />;
}

export function StylesheetFile() {
  return useCriticalCss() === null ? null : <Links />;
}
