import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and in the hydration render, true from then on. For markup that
 * must stand in for a script-driven behaviour until the scripts run (the age gate's overlay).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
