import { useState } from "react";
import { consentDefaults } from "#app/lib/consent.ts";
import { useNonce } from "#app/lib/csp-nonce.tsx";
import { useShell } from "#app/ui/feedback/use-shell.ts";
import { tagManagerBootstrap } from "./tag-manager-script.ts";

/**
 * Consent defaults and the tag manager (docs/product/screens.md, "Client state"). Rendered into the
 * server HTML as one inline script: it pushes ['consent', 'default', ...] from the consent cookies
 * the browser sent, then (only when shell.tagManagerId is configured) requests the tag manager.
 * Inline scripts run while the HTML is parsed, before hydration; React never executes them again on
 * the client, so the script text is computed once.
 */
export function TagManager() {
  const shell = useShell();
  // The page's Content-Security-Policy allows inline scripts only with the response's nonce.
  const nonce = useNonce();
  const [source] = useState(() =>
    tagManagerBootstrap(consentDefaults(shell?.cookies ?? {}), shell?.tagManagerId ?? null),
  );
  return (
    <script
      nonce={nonce}
      data-testid="tag-manager-bootstrap"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from JSON-escaped values only (tag-manager-script.ts).
      dangerouslySetInnerHTML={{ __html: source }}
      suppressHydrationWarning
    />
  );
}
