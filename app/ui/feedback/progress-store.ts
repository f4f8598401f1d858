import { useSyncExternalStore } from "react";
import { createStore } from "./external-store.ts";

/**
 * The page-loading progress bar's state (docs/product/screens.md, "Design constants"): colour
 * #febe98, 2 px high, red on failure, shown only when loading takes longer than the 200 ms
 * throttle, filling over the expected 5000 ms and never beyond 100 %.
 *
 * Several sources can load at once (a route change and fetches), so start() and finish() count:
 * the bar completes when the last one finishes.
 */
export const PROGRESS = {
  color: "#febe98",
  /** A clear red: the danger token is too dark to see against the teal header. */
  failedColor: "#e5483b",
  height: 2,
  throttleMs: 200,
  durationMs: 5000,
  tickMs: 100,
  /** How long the full bar stays before it fades away. */
  hideAfterMs: 400,
} as const;

export type ProgressState = { visible: boolean; percent: number; failed: boolean };

const IDLE: ProgressState = { visible: false, percent: 0, failed: false };
const store = createStore<ProgressState>(IDLE);

let active = 0;
let failedWhileActive = false;
let throttleTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

const step = (100 * PROGRESS.tickMs) / PROGRESS.durationMs;

function clearTimers() {
  clearTimeout(throttleTimer);
  clearInterval(tickTimer);
  clearTimeout(hideTimer);
  throttleTimer = tickTimer = hideTimer = undefined;
}

function show() {
  throttleTimer = undefined;
  store.set({ visible: true, percent: 0, failed: failedWhileActive });
  tickTimer = setInterval(() => {
    store.set((state) => ({ ...state, percent: Math.min(100, state.percent + step) }));
  }, PROGRESS.tickMs);
}

export function startProgress(): void {
  if (typeof window === "undefined") return;
  active += 1;
  if (active > 1) return;
  failedWhileActive = false;
  if (store.get().visible && hideTimer) {
    // A new load right after the last one: continue the same bar from the start.
    clearTimers();
    show();
    return;
  }
  clearTimers();
  throttleTimer = setTimeout(show, PROGRESS.throttleMs);
}

export function failProgress(): void {
  failedWhileActive = true;
  if (store.get().visible) store.set((state) => ({ ...state, failed: true }));
}

export function finishProgress(): void {
  if (active === 0) return;
  active -= 1;
  if (active > 0) return;
  if (throttleTimer) {
    // Done within the throttle: the bar never appears.
    clearTimers();
    return;
  }
  clearInterval(tickTimer);
  tickTimer = undefined;
  store.set((state) => ({ ...state, percent: 100, failed: state.failed || failedWhileActive }));
  hideTimer = setTimeout(() => {
    hideTimer = undefined;
    store.set(IDLE);
  }, PROGRESS.hideAfterMs);
}

export function useProgress(): ProgressState {
  return useSyncExternalStore(store.subscribe, store.get, () => IDLE);
}

const WRAPPED = Symbol.for("rarita.progressFetch");

function isSameOrigin(input: RequestInfo | URL): boolean {
  try {
    const url = input instanceof Request ? input.url : String(input);
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Makes the site's own requests drive the progress bar (docs/product/screens.md, "Design
 * constants"), whoever sends them: window.fetch is wrapped once. Cross-origin requests (analytics)
 * and background requests marked with the standard `priority: "low"` fetch option (polling) do not
 * count. A response with an error status or a network error turns the bar red; an aborted request
 * does not.
 */
export function trackFetchProgress(target: Window = window): void {
  const original = target.fetch as typeof fetch & { [WRAPPED]?: true };
  if (original[WRAPPED]) return;
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (init?.priority === "low" || !isSameOrigin(input)) return original.call(target, input, init);
    startProgress();
    try {
      const response = await original.call(target, input, init);
      if (!response.ok) failProgress();
      return response;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) failProgress();
      throw error;
    } finally {
      finishProgress();
    }
  };
  Object.defineProperty(wrapped, WRAPPED, { value: true });
  target.fetch = wrapped as typeof fetch;
}
