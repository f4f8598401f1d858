import { useSyncExternalStore } from "react";
import { createStore } from "./external-store.ts";

/**
 * The global modal (docs/product/screens.md, "Parts of every page"): one dialog for the whole page
 * showing a title and a text. Only the type "text" is known; any other type shows an "unknown type"
 * message, so a caller passing a wrong type sees it at once instead of an empty dialog.
 */
export type GlobalModalContent =
  | { type: "text"; title: string; text: string }
  | { type: string; title?: string; text?: string };

/** What the dialog draws: the content's own title and text, or the unknown-type message. */
export type GlobalModalView =
  | { kind: "text"; title: string; text: string }
  | { kind: "unknown"; type: string };

/**
 * Only the type "text" with a string title and text is drawn as given; anything else (another
 * type, or a text without its strings) becomes the unknown-type message naming the type.
 */
export function globalModalView(content: GlobalModalContent): GlobalModalView {
  if (content.type === "text" && typeof content.title === "string" && typeof content.text === "string")
    return { kind: "text", title: content.title, text: content.text };
  return { kind: "unknown", type: String(content.type ?? "") };
}

const store = createStore<GlobalModalContent | null>(null);

/** The current content, for code outside React (tests). */
export function currentGlobalModal(): GlobalModalContent | null {
  return store.get();
}

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
