import { useSyncExternalStore } from "react";
import { readBrowserCookies, writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import { CONSENT_ACCEPTED, CONSENT_MAX_AGE_SECONDS } from "#app/lib/consent.ts";
import { useShell } from "#app/ui/feedback/use-shell.ts";

/**
 * The age gate's state (docs/product/accounts.md, "Age (18+)": visitors confirm they are 18 or
 * older). The answer is kept in the cookie `age-confirmed` for a year, like the consent cookies
 * (app/lib/consent.ts has no constant for it, so it lives here). It is a strictly necessary cookie:
 * it is stored whatever the consent choice.
 */
export const AGE_GATE = {
  cookie: "age-confirmed",
  /** Stored as the consent cookies store an acceptance; "1" is read as confirmed too. */
  confirmedValue: CONSENT_ACCEPTED,
  maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
  minimumAge: 18,
  /** Where "Leave" goes: a neutral page. */
  leaveUrl: "https://www.google.com",
} as const;

/** null until the browser's cookie has been read (it is read lazily, on the first client render after hydration). */
let confirmed: boolean | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a stored age-confirmed value means "confirmed". */
export function isAgeConfirmed(value: string | undefined): boolean {
  return value === AGE_GATE.confirmedValue || value === "1";
}

function getSnapshot(): boolean {
  confirmed ??= isAgeConfirmed(readBrowserCookies()[AGE_GATE.cookie]);
  return confirmed;
}

export function confirmAge(): void {
  writeBrowserCookie({
    name: AGE_GATE.cookie,
    value: AGE_GATE.confirmedValue,
    maxAgeSeconds: AGE_GATE.maxAgeSeconds,
  });
  confirmed = true;
  for (const listener of listeners) listener();
}

/**
 * True once the visitor confirmed 18+, false when not, null while not yet known (the server
 * render, unless the shell already carries the cookie) and for crawlers, which are never asked.
 * Every overlay that should wait for the age answer (cookie bar, intro popup) reads this and
 * shows only on true.
 */
export function useAgeConfirmed(): boolean | null {
  const shell = useShell();
  const fromShell = isAgeConfirmed(shell?.cookies[AGE_GATE.cookie]) ? true : null;
  const value = useSyncExternalStore(subscribe, getSnapshot, () => null);
  if (shell?.isBot) return null;
  return value ?? fromShell;
}

/**
 * Whether the age gate covers the page. Already in the server HTML when the request carries no
 * age-confirmed cookie, so product content is not usable before the scripts run.
 *
 * Crawlers (isbot on the User-Agent, decided by the root loader) never get the gate: the shop's
 * pages must stay indexable, and a search engine is not a visitor who could buy alcohol. This is
 * what age-restricted shops commonly do; the gate is a self-declaration, so a spoofed User-Agent
 * gains nothing a click on "Yes" would not.
 */
export function useAgeGateOpen(): boolean {
  const shell = useShell();
  const confirmed = useAgeConfirmed();
  if (!shell || shell.isBot) return false;
  return confirmed !== true;
}
