import { writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import {
  acceptAll,
  acceptSelected,
  type ConsentChoices,
  type ConsentState,
  consentState,
} from "#app/lib/consent.ts";
import { pushDataLayer } from "#app/lib/data-layer.ts";

type GtagWindow = { gtag?: (...args: unknown[]) => void };

/**
 * The gtag shim: pushes its `arguments` object to the data layer, the form Google's tag manager
 * reads consent commands in (see tag-manager-script.ts). Uses the page's gtag when the inline
 * bootstrap defined one.
 */
export function gtag(..._args: unknown[]): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as GtagWindow;
  // biome-ignore lint/complexity/noArguments: the tag manager needs the Arguments object itself.
  if (w.gtag) w.gtag.apply(window, Array.prototype.slice.call(arguments));
  // biome-ignore lint/complexity/noArguments: as above.
  else pushDataLayer(arguments as unknown as unknown[]);
}

/** Pushes ['consent', 'update', state] and an event that tags can trigger on. */
export function pushConsentUpdate(state: ConsentState): void {
  gtag("consent", "update", state);
  pushDataLayer({ event: "consent_update", consent: state });
}

/** Stores the cookies of a choice (docs/product/screens.md, "Client state") and tells the tag manager. */
export function applyConsentChoice(choice: "all" | ConsentChoices): void {
  const choices: ConsentChoices =
    choice === "all" ? { analytical: true, marketing: true, advertisement: true } : choice;
  const cookies = choice === "all" ? acceptAll() : acceptSelected(choices);
  for (const cookie of cookies) writeBrowserCookie(cookie);
  pushConsentUpdate(consentState(choices));
}
