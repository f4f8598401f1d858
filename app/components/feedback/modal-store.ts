import { useSyncExternalStore } from "react";
import { createStore } from "./external-store.ts";

/**
 * The global modal (spec section 2): one dialog for the whole page showing a title and a text.
 * Only the type "text" is known; any other type shows an "unknown type" message, so a caller
 * passing a wrong type sees it at once instead of an empty dialog.
 */
export type GlobalModalContent =
  | { type: "text"; title: string; text: string }
  | { type: string; title?: string; text?: string };

const store = createStore<GlobalModalContent | null>(null);

export function openGlobalModal(content: GlobalModalContent): void {
  store.set(content);
}

export function closeGlobalModal(): void {
  store.set(null);
}

export function useGlobalModalContent(): GlobalModalContent | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}

const api = { open: openGlobalModal, close: closeGlobalModal };

/** `const { open } = useGlobalModal(); open({ type: "text", title, text })`. */
export function useGlobalModal(): typeof api {
  return api;
}
