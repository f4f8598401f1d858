import { useSyncExternalStore } from "react";
import { createStore } from "./external-store.ts";

/**
 * Snackbars: alerts shown at the top of the page (docs/product/screens.md, "Parts of every page":
 * type, duration, indefinite; docs/product/calls-and-errors.md, "Error catalogue": alerts are
 * snackbars). Any component calls `useSnackbar().show(...)`; code outside React calls
 * `showSnackbar(...)`.
 */
export type SnackbarType = "success" | "danger" | "info";
export type SnackbarInput = {
  type: SnackbarType;
  text: string;
  /** Milliseconds before it hides itself; DEFAULT_SNACKBAR_DURATION when left out. */
  duration?: number;
  /** Stays until the visitor closes it. */
  indefinite?: boolean;
};
export type Snackbar = { id: number; type: SnackbarType; text: string; duration: number | null };

export const DEFAULT_SNACKBAR_DURATION = 5000;
/** Older notices are dropped beyond this many, so a burst of errors cannot cover the page. */
export const MAX_SNACKBARS = 4;

const EMPTY: Snackbar[] = [];
const store = createStore<Snackbar[]>(EMPTY);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export function dismissSnackbar(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  store.set((list) => list.filter((item) => item.id !== id));
}

export function showSnackbar(input: SnackbarInput): number {
  const id = nextId++;
  const duration = input.indefinite ? null : (input.duration ?? DEFAULT_SNACKBAR_DURATION);
  const snackbar: Snackbar = { id, type: input.type, text: input.text, duration };
  // The same notice twice in a row (a double click) shows once, with a fresh timer.
  const list = store.get().filter((item) => item.text !== snackbar.text || item.type !== snackbar.type);
  const next = [...list, snackbar];
  const dropped = new Set(store.get().filter((item) => !next.slice(-MAX_SNACKBARS).includes(item)));
  for (const item of dropped) {
    clearTimeout(timers.get(item.id));
    timers.delete(item.id);
  }
  store.set(next.slice(-MAX_SNACKBARS));
  if (duration !== null && typeof window !== "undefined") {
    timers.set(
      id,
      setTimeout(() => dismissSnackbar(id), duration),
    );
  }
  return id;
}

/** The current snackbars, for code outside React (tests). */
export function snackbarList(): Snackbar[] {
  return store.get();
}

/** The current snackbars (for the Snackbars outlet). */
export function useSnackbarList(): Snackbar[] {
  return useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
}

const api = { show: showSnackbar, dismiss: dismissSnackbar };

/** `const { show } = useSnackbar(); show({ type: "success", text })`. */
export function useSnackbar(): typeof api {
  return api;
}
