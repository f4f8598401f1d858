import { createContext, useContext } from "react";
import { NonceContext } from "#app/lib/csp-nonce.tsx";

/**
 * The scripts of the page's texts (its language, and the back office's on its pages), as the
 * client build named them (scripts/vite/texts-plugin.ts, texts-manifest.json). app/entry.server.tsx
 * provides them; `<TextsPreload />` writes a `<link rel="modulepreload">` for each, so the texts
 * download with the page's modules instead of after the entry has run (app/entry.client.tsx
 * imports them before it hydrates). In the browser it draws nothing.
 *
 * Rendered after React Router's `<Scripts>` (app/root.tsx), as elements: React hoists them into
 * the `<head>` after the route modules' links, so they are asked for after the modules, not before
 * the first paint's picture. The texts are needed at hydration, as the modules are, never for the
 * first paint; requested first, they ended before the first paint and Lighthouse's simulation
 * counted them in the product page's LCP (+0.3 s, bench/README.md "Lighthouse, session 5").
 */
export const TextsPreloadContext = createContext<readonly string[]>([]);

export function TextsPreload() {
  const modules = useContext(TextsPreloadContext);
  const nonce = useContext(NonceContext);
  return modules.map((href) => <link key={href} rel="modulepreload" href={href} nonce={nonce} />);
}
