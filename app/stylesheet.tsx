import { createContext, useContext } from "react";
import { Links } from "react-router";

/**
 * The site's stylesheet inside the page (ADR 0032): app/entry.server.tsx reads the built CSS once
 * and provides its text here, and `<Stylesheet />` writes it into the `<head>` as a `<style>`, so
 * the first paint waits for no request. Without a text (the dev server, a build whose CSS file
 * cannot be read) it falls back to React Router's `<Links />`, the usual `<link rel="stylesheet">`.
 */
export const StylesheetContext = createContext<string | null>(null);

const MARK = "data-stylesheet";

/** In the browser: the text the server wrote (read once), so hydration renders the same `<style>`. */
let documentCss: string | null | undefined;

export function Stylesheet() {
  const provided = useContext(StylesheetContext);
  let css = provided;
  if (css === null && typeof document !== "undefined") {
    documentCss ??= document.querySelector(`style[${MARK}]`)?.textContent ?? null;
    css = documentCss;
  }
  if (css === null) return <Links />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own CSS, not user content
  return <style {...{ [MARK]: "" }} dangerouslySetInnerHTML={{ __html: css }} />;
}
