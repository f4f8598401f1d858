import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  type ChunkReloadEnv,
  installChunkReloadListeners,
  isChunkLoadError,
  mayReload,
  reloadOnChunkError,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    data,
  };
}

function env(now: number, stored?: string) {
  const storage = memoryStorage(stored === undefined ? {} : { [CHUNK_RELOAD_STORAGE_KEY]: stored });
  const reload = vi.fn();
  const value: ChunkReloadEnv = { storage, now: () => now, reload };
  return { env: value, storage, reload };
}

describe("isChunkLoadError", () => {
  it("recognises webpack and dynamic-import chunk failures", () => {
    expect(isChunkLoadError(new Error("Loading chunk 12 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk vendors-main failed. (error: https://x/a.js)"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("Loading CSS chunk 3 failed."))).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError("Loading chunk 7 failed")).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
    // Event-like wrappers: an unhandled rejection's reason, an ErrorEvent's error.
    expect(isChunkLoadError({ reason: new Error("Loading chunk 1 failed") })).toBe(true);
    expect(isChunkLoadError({ error: new Error("Loading chunk 1 failed") })).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
    expect(isChunkLoadError({})).toBe(false);
  });
});

describe("mayReload", () => {
  it("allows a reload when none happened, and once 60 000 ms have passed", () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(mayReload(1_000_000, null)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(mayReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(mayReload(1_000_000, 1_000_000)).toBe(false);
  });

  it("does not trust a time in the future or a broken value", () => {
    expect(mayReload(1_000, 5_000)).toBe(true);
    expect(mayReload(1_000, Number.NaN)).toBe(true);
  });
});

describe("reloadOnChunkError", () => {
  const chunkError = new Error("Loading chunk 4 failed.");

  it("reloads on a chunk error and records the time in sessionStorage", () => {
    const { env: e, storage, reload } = env(2_000_000);
    expect(reloadOnChunkError(chunkError, e)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("2000000");
  });

  it("reloads at most once per 60 s", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 5_000_000;
    const e: ChunkReloadEnv = { storage, now: () => now, reload };
    expect(reloadOnChunkError(chunkError, e)).toBe(true);
    now += 30_000;
    expect(reloadOnChunkError(chunkError, e)).toBe(false);
    now += 29_999;
    expect(reloadOnChunkError(chunkError, e)).toBe(false);
    now += 1;
    expect(reloadOnChunkError(chunkError, e)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does nothing for other errors", () => {
    const { env: e, storage, reload } = env(2_000_000);
    expect(reloadOnChunkError(new Error("boom"), e)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it("ignores an unreadable stored time and reloads", () => {
    const { env: e, reload } = env(2_000_000, "garbage");
    expect(reloadOnChunkError(chunkError, e)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload without storage, since it could not prevent a loop", () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(chunkError, { storage: null, now: () => 1, reload })).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadOnChunkError(chunkError, { storage: throwing, now: () => 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("does nothing outside a browser when no environment is given", () => {
    expect(reloadOnChunkError(chunkError)).toBe(false);
  });
});

describe("installChunkReloadListeners", () => {
  it("adds and removes the error and unhandledrejection listeners", () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, "addEventListener");
    const remove = vi.spyOn(target, "removeEventListener");
    const uninstall = installChunkReloadListeners(target as unknown as Window);
    expect(add.mock.calls.map((call) => call[0])).toEqual(["error", "unhandledrejection"]);
    uninstall();
    expect(remove.mock.calls.map((call) => call[0])).toEqual(["error", "unhandledrejection"]);
  });
});
