import { createContext, useContext } from "react";
import { preloadModule } from "react-dom";
import { NonceContext } from "#app/components/security/csp-nonce.tsx";

/**
 * The scripts of the page's texts (its language, and the back office's on its pages), as the
 * client build named them (scripts/vite/texts-plugin.ts, texts-manifest.json). app/entry.server.tsx
 * provides them; `<TextsPreload />` asks React to write a `<link rel="modulepreload">` for each in
 * the `<head>`, so the texts download with the page's modules instead of after the entry has run
 * (app/entry.client.tsx imports them before it hydrates). In the browser it does nothing.
 */
export const TextsPreloadContext = createContext<readonly string[]>([]);

export function TextsPreload() {
  const modules = useContext(TextsPreloadContext);
  const nonce = useContext(NonceContext);
  for (const href of modules) preloadModule(href, { as: "script", nonce });
  return null;
}
