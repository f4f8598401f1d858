import { useSyncExternalStore } from "react";
import { shouldShowBar } from "#app/lib/consent.ts";
import { createStore } from "#app/ui/feedback/external-store.ts";
import { useShell } from "#app/ui/feedback/use-shell.ts";

/**
 * Whether the bar is shown: null follows the cookies-show cookie the server saw (shell.cookies);
 * "hidden" after a choice in this page session; "open" when the visitor reopens it from the
 * footer to change the choice. Module state, so a layout switch does not bring the bar back. Apart
 * from the bar itself (consent-bar.tsx), which loads only when it is shown (issue 18).
 */
export const barStore = createStore<"hidden" | "open" | null>(null);

/** Opens the bar with its settings again (the footer's "Cookie settings" link). */
export function openConsentSettings(): void {
  barStore.set("open");
}

/** True while the visitor still has to answer the cookie bar (whether or not it is drawn yet). */
export function useConsentBarPending(): boolean {
  const shell = useShell();
  const state = useSyncExternalStore(barStore.subscribe, barStore.get, () => null);
  return state === "open" || (state === null && shouldShowBar(shell?.cookies ?? {}));
}
