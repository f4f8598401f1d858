import { describe, expect, it } from "vitest";
import { createCacheRegistry, invalidationPayload, keptOrRead, parseInvalidation } from "./cache.ts";

describe("the cache registry", () => {
  it("keeps values within their bound, the least recently used going first", () => {
    const registry = createCacheRegistry();
    const byCount = registry.create<string, string>({ name: "count", maxEntries: 2 });
    byCount.set("a", "1");
    byCount.set("b", "2");
    byCount.get("a");
    byCount.set("c", "3");
    expect([byCount.get("a"), byCount.get("b"), byCount.get("c")]).toEqual(["1", undefined, "3"]);

    const bySize = registry.create<string, string>({ name: "size", maxSize: 10, sizeOf: (v) => v.length });
    bySize.set("a", "xxxxxx");
    bySize.set("b", "yyyyyy");
    expect([bySize.get("a"), bySize.get("b")]).toEqual([undefined, "yyyyyy"]);
    bySize.set("huge", "z".repeat(11));
    expect(bySize.get("huge")).toBeUndefined();
    expect(bySize.size()).toEqual({ entries: 1, size: 6 });
  });

  it("forgets a value after its lifetime, the cache's or the one it was set with", () => {
    let now = 1_000;
    const cache = createCacheRegistry().create<string, string>({
      name: "t",
      maxEntries: 10,
      ttlMs: 100,
      now: () => now,
    });
    cache.set("a", "1");
    cache.set("b", "2", { ttlMs: 10 });
    now += 11;
    expect([cache.get("a"), cache.get("b")]).toEqual(["1", undefined]);
    now += 90;
    expect(cache.get("a")).toBeUndefined();
  });

  it("clears by name or by tag through invalidate, bumping the generation and calling onClear", () => {
    const registry = createCacheRegistry();
    const cleared: string[] = [];
    const pages = registry.create<string, string>({
      name: "pages",
      tags: ["public"],
      maxEntries: 10,
      onClear: () => cleared.push("pages"),
    });
    const lists = registry.create<string, string>({ name: "lists", tags: ["public"], maxEntries: 10 });
    const other = registry.create<string, string>({ name: "other", maxEntries: 10 });
    for (const cache of [pages, lists, other]) cache.set("k", "v");

    registry.invalidate({ cache: "lists" });
    expect([pages.get("k"), lists.get("k"), other.get("k")]).toEqual(["v", undefined, "v"]);
    const generation = pages.generation();
    registry.invalidate({ tag: "public" });
    expect([pages.get("k"), other.get("k")]).toEqual([undefined, "v"]);
    expect(pages.generation()).toBe(generation + 1);
    expect(cleared).toEqual(["pages"]);
  });

  it("hands every invalidation to its listeners with its origin, and a disposed cache is no longer cleared", () => {
    const registry = createCacheRegistry();
    const heard: unknown[] = [];
    const stop = registry.onInvalidate((invalidation, origin) => heard.push([invalidation, origin]));
    const cache = registry.create<string, string>({ name: "c", tags: ["t"], maxEntries: 1 });
    registry.invalidate({ tag: "t" });
    registry.invalidate({ cache: "c" }, "remote");
    stop();
    registry.invalidate({ tag: "t" });
    expect(heard).toEqual([
      [{ tag: "t" }, "local"],
      [{ cache: "c" }, "remote"],
    ]);
    expect(registry.names()).toEqual(["c"]);
    cache.dispose();
    expect(registry.names()).toEqual([]);
  });

  it("refuses a cache without a bound", () => {
    expect(() => createCacheRegistry().create({ name: "unbounded", ttlMs: 1000 })).toThrow(
      "maxEntries or maxSize",
    );
  });

  it("writes an invalidation as a NOTIFY payload and reads it back, refusing anything else", () => {
    for (const invalidation of [{ cache: "http.page-cache" }, { tag: "public" }])
      expect(parseInvalidation(invalidationPayload(invalidation))).toEqual(invalidation);
    for (const payload of ["", "settings", "{}", '{"tag":1}', "null"])
      expect(parseInvalidation(payload)).toBeNull();
  });
});

describe("keptOrRead", () => {
  const cacheOf = () =>
    createCacheRegistry().create<string, Promise<number>>({
      name: "reads",
      tags: ["public"],
      maxEntries: 10,
    });

  it("reads once, then answers from the cache", async () => {
    const cache = cacheOf();
    let reads = 0;
    const read = async () => ++reads;
    expect(await keptOrRead(cache, "k", read)).toBe(1);
    expect(await keptOrRead(cache, "k", read)).toBe(1);
    expect(await keptOrRead(cache, "other", read)).toBe(2);
  });

  it("does not keep a read the cache was cleared during, nor a failed one", async () => {
    const registry = createCacheRegistry();
    const cache = registry.create<string, Promise<number>>({ name: "r", tags: ["public"], maxEntries: 10 });
    let release = (_value: number) => {};
    const slow = keptOrRead(cache, "k", () => new Promise<number>((resolve) => (release = resolve)));
    registry.invalidate({ tag: "public" });
    release(1);
    expect(await slow).toBe(1);
    expect(await keptOrRead(cache, "k", async () => 2)).toBe(2);
    await expect(keptOrRead(cache, "bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await keptOrRead(cache, "bad", async () => 3)).toBe(3);
  });
});
