import { shouldShowBar } from "#app/lib/consent.ts";
import { AGE_GATE, isAgeConfirmed, useAgeGateOpen } from "../features/consent/age-gate-store.ts";
import { useConsentBarPending } from "../features/consent/consent-bar-store.ts";
import { readBrowserCookies } from "../lib/browser-cookies.ts";
import { lazyPart, ShownPart } from "../ui/lazy-part.tsx";

/**
 * The age question and the cookie bar are loaded only for a visitor who has one of them to answer
 * (issue 18: most visits have answered both, and the two were 14 KB of the root's JS before
 * minification, 3.2 KB gzip). The server draws them at once, so the first HTML is the same.
 */
const AgeGate = lazyPart(() => import("../features/consent/age-gate.tsx").then((module) => module.AgeGate));
const ConsentBar = lazyPart(() =>
  import("../features/consent/consent-bar.tsx").then((module) => module.ConsentBar),
);

/**
 * Called before hydration (app/entry.client.tsx): loads the parts this visitor's cookies say the
 * server drew (or that wait for the age answer), so hydration finds them ready.
 */
export function preloadOverlays(): Promise<unknown> {
  const cookies = readBrowserCookies();
  return Promise.all([
    isAgeConfirmed(cookies[AGE_GATE.cookie]) ? null : AgeGate.preload(),
    shouldShowBar(cookies) ? ConsentBar.preload() : null,
  ]);
}

/**
 * The cookie bar and age dialog (docs/product/screens.md, "Client state";
 * docs/product/visitor-basics.md, "One overlay at a time (first visit)"), with the consent-mode
 * default and the tag manager they control. Order: the consent default is in the server HTML before
 * anything else of ours runs; the age question comes first, the cookie bar once it is answered.
 */
export function CookieBar() {
  return (
    <>
      <ShownPart shown={useAgeGateOpen()} part={AgeGate} props={{}} />
      <ShownPart shown={useConsentBarPending()} part={ConsentBar} props={{}} />
    </>
  );
}
