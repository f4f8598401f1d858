import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered (server/http/csp.ts makes one per
 * request; app/entry.server.tsx provides it). Inline scripts of our own carry it; React Router's
 * own scripts get it from `<ServerRouter nonce>`.
 */
export const NonceContext = createContext<string | undefined>(undefined);

let documentNonce: string | undefined | null = null;

/**
 * The nonce on the server; in the browser the one the document was served with (the browser hides
 * the attribute, not the property), so that hydration sees the same value the server wrote.
 */
export function useNonce(): string | undefined {
  const provided = useContext(NonceContext);
  if (provided !== undefined || typeof document === "undefined") return provided;
  documentNonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  return documentNonce;
}
