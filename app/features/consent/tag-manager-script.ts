import type { ConsentState } from "#app/lib/consent.ts";

/**
 * The inline bootstrap of consent mode and the tag manager (docs/product/screens.md, "Client state").
 *
 * Decision: consent commands go through a gtag shim, `function gtag(){dataLayer.push(arguments)}`,
 * not plain arrays. Google's tag manager recognises consent commands only as `arguments` objects
 * pushed to the data layer; a plain array ['consent', 'default', ...] is ignored. In
 * window.dataLayer the entries are therefore Arguments objects: Array.from(entry) gives
 * ['consent', 'default', {...}].
 *
 * The default is pushed before the tag manager's own script is requested (same inline script, in
 * that order), so no tag ever runs without a consent state.
 */

/** How long tags wait for a consent update after the default before firing (ms). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;
export const TAG_MANAGER_SRC = "https://www.googletagmanager.com/gtm.js";

/** JSON that is safe inside an inline <script> (no "</script>", no U+2028/2029 surprises). */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Only ids of the form GTM-XXXX load anything (the server's configuration checks the same). */
export function isTagManagerId(id: string | null | undefined): id is string {
  return typeof id === "string" && /^GTM-[A-Z0-9]+$/.test(id);
}

export function tagManagerBootstrap(defaults: ConsentState, tagManagerId: string | null | undefined): string {
  const consent = { ...defaults, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS };
  const lines = [
    "window.dataLayer=window.dataLayer||[];",
    "window.gtag=window.gtag||function(){window.dataLayer.push(arguments);};",
    // Once per page, even if the frame is rendered again.
    "if(!window.__consentDefault){window.__consentDefault=true;",
    `window.gtag('consent','default',${inlineJson(consent)});`,
  ];
  if (isTagManagerId(tagManagerId)) {
    lines.push(
      "window.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});",
      "var s=document.createElement('script');s.async=true;",
      // The tag manager passes this nonce on to the scripts it adds (the page's CSP asks for it).
      "var n=document.currentScript&&document.currentScript.nonce;if(n)s.nonce=n;",
      `s.src=${inlineJson(`${TAG_MANAGER_SRC}?id=${tagManagerId}`)};`,
      "document.head.appendChild(s);",
    );
  }
  lines.push("}");
  return lines.join("");
}
