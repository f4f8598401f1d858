/**
 * Reload after a chunk-load failure (docs/product/screens.md, "Client state";
 * docs/product/calls-and-errors.md, "Error catalogue"): when a code chunk cannot be loaded
 * (typically a new deployment removed the old hashed files), the page reloads once to get the new
 * ones, but at most once per 60 000 ms so that a chunk that is really gone does not cause a reload
 * loop. The time of the last reload is kept in sessionStorage (per tab).
 */

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "chunk-reload-at";

const CHUNK_ERROR_PATTERNS = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** The message of anything thrown or rejected (Error, ErrorEvent, PromiseRejectionEvent reason, string). */
function messageOf(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object") {
    const {
      message,
      reason,
      error: inner,
    } = error as { message?: unknown; reason?: unknown; error?: unknown };
    if (typeof message === "string" && message) return message;
    if (reason !== undefined) return messageOf(reason);
    if (inner !== undefined) return messageOf(inner);
  }
  return "";
}

/** True for the errors a failed code-chunk load produces (webpack 'Loading chunk N failed', failed dynamic import). */
export function isChunkLoadError(error: unknown): boolean {
  if (error && typeof error === "object" && (error as { name?: unknown }).name === "ChunkLoadError")
    return true;
  const message = messageOf(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/** True when no reload happened within the interval before `now` (a missing or unreadable time counts as none). */
export function mayReload(
  now: number,
  lastReloadAt: number | null,
  intervalMs: number = CHUNK_RELOAD_INTERVAL_MS,
): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A time in the future (clock changed) is not trusted to block reloads forever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= intervalMs;
}

type StorageLike = Pick<Storage, "getItem" | "setItem">;

export type ChunkReloadEnv = {
  storage: StorageLike | null;
  now: () => number;
  reload: () => void;
};

function readLast(storage: StorageLike | null): number | null {
  try {
    const raw = storage?.getItem(CHUNK_RELOAD_STORAGE_KEY);
    if (raw === null || raw === undefined || raw === "") return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reloads when the error is a chunk-load failure and the last reload is at least the interval ago;
 * records the time first. Returns whether it reloaded. Without storage (private mode refusing
 * sessionStorage) it does not reload, since it could not stop a loop.
 */
export function reloadOnChunkError(error: unknown, env: ChunkReloadEnv | null = browserEnv()): boolean {
  if (!env || !isChunkLoadError(error)) return false;
  const now = env.now();
  if (!mayReload(now, readLast(env.storage))) return false;
  try {
    if (!env.storage) return false;
    env.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

function browserEnv(): ChunkReloadEnv | null {
  if (typeof window === "undefined") return null;
  let storage: StorageLike | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload() };
}

/**
 * Listens for uncaught errors and unhandled rejections (a failed `import()`) on the window and
 * reloads on a chunk-load failure. Returns the function that removes the listeners.
 */
export function installChunkReloadListeners(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reloadOnChunkError(event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reloadOnChunkError(event.reason);
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
