import { describe, expect, it } from "vitest";
import {
  addLastViewed,
  LAST_VIEWED_LIMIT,
  LAST_VIEWED_STORAGE_KEY,
  type LastViewedItem,
  type LastViewedState,
  parseLastViewed,
  serializeLastViewed,
} from "./last-viewed.ts";

const item = (id: number, overrides: Partial<LastViewedItem> = {}): LastViewedItem => ({
  id,
  name: `Rum ${id}`,
  url: `/12/rumy/rum-${id}`,
  is_price_sale_active: false,
  tax_rate: 21,
  original_price: null,
  image: `/images/products/${id}.webp`,
  price: 150000 + id,
  ...overrides,
});

const ids = (state: LastViewedState, locale: "cs" | "en") => (state[locale] ?? []).map((entry) => entry.id);

describe("constants", () => {
  it("match the documented key and limit", () => {
    expect(LAST_VIEWED_STORAGE_KEY).toBe("last_viewed_products");
    expect(LAST_VIEWED_LIMIT).toBe(3);
  });
});

describe("addLastViewed", () => {
  it("puts the newest first and keeps at most 3", () => {
    let state: LastViewedState = {};
    for (const id of [1, 2, 3, 4]) state = addLastViewed(state, "cs", item(id));
    expect(ids(state, "cs")).toEqual([4, 3, 2]);
  });

  it("moves an already present product to the front with its fresh data", () => {
    let state: LastViewedState = {};
    for (const id of [1, 2, 3]) state = addLastViewed(state, "cs", item(id));
    state = addLastViewed(state, "cs", item(1, { price: 99900, is_price_sale_active: true }));
    expect(ids(state, "cs")).toEqual([1, 3, 2]);
    expect(state.cs?.[0]).toEqual(item(1, { price: 99900, is_price_sale_active: true }));
    state = addLastViewed(state, "cs", item(1));
    expect(ids(state, "cs")).toEqual([1, 3, 2]);
  });

  it("keeps the locales apart", () => {
    let state: LastViewedState = {};
    state = addLastViewed(state, "cs", item(1));
    state = addLastViewed(state, "en", item(2, { url: "/en/12/rums/rum-2" }));
    state = addLastViewed(state, "en", item(1));
    expect(ids(state, "cs")).toEqual([1]);
    expect(ids(state, "en")).toEqual([1, 2]);
  });

  it("does not mutate the previous state", () => {
    const before: LastViewedState = { cs: [item(1), item(2)], en: [item(3)] };
    const copy = structuredClone(before);
    const after = addLastViewed(before, "cs", item(2));
    expect(before).toEqual(copy);
    expect(after.en).toBe(before.en);
    expect(ids(after, "cs")).toEqual([2, 1]);
  });
});

describe("parseLastViewed", () => {
  it("round-trips what was stored", () => {
    const state: LastViewedState = { cs: [item(3), item(2), item(1)], en: [item(4)] };
    expect(parseLastViewed(serializeLastViewed(state))).toEqual(state);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["empty", ""],
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["a number", "42"],
    ["a string", '"cs"'],
    ["a list", "[1,2,3]"],
  ])("gives an empty state for %s", (_label, json) => {
    expect(parseLastViewed(json)).toEqual({});
  });

  it("drops unknown locales and non-list values", () => {
    const json = JSON.stringify({ de: [item(1)], cs: "nope", en: [item(2)], __proto__x: [item(3)] });
    expect(parseLastViewed(json)).toEqual({ en: [item(2)] });
  });

  it("skips malformed items and keeps the good ones", () => {
    const { url: _url, ...withoutUrl } = item(9);
    const json = JSON.stringify({
      cs: [
        null,
        "rum",
        [1],
        withoutUrl,
        item(10, { id: -1 }),
        item(11, { price: "150" as unknown as number }),
        item(12, { is_price_sale_active: "true" as unknown as boolean }),
        item(13, { url: "javascript:alert(1)" }),
        item(14, { url: "//evil.example/x" }),
        item(15, { url: "/\\evil.example" }),
        item(16, { url: "https://evil.example" }),
        item(17, { url: "/a b" }),
        item(18, { image: 5 as unknown as string }),
        item(19, { original_price: 200000, is_price_sale_active: true, image: null }),
      ],
    });
    expect(parseLastViewed(json)).toEqual({
      cs: [item(19, { original_price: 200000, is_price_sale_active: true, image: null })],
    });
  });

  it("keeps only known fields, the first occurrence of an id, and 3 items", () => {
    const json = JSON.stringify({
      cs: [{ ...item(1), extra: "x" }, item(2), item(1, { price: 1 }), item(3), item(4)],
    });
    const state = parseLastViewed(json);
    expect(ids(state, "cs")).toEqual([1, 2, 3]);
    expect(state.cs?.[0]).toEqual(item(1));
    expect(Object.keys(state.cs?.[0] ?? {})).not.toContain("extra");
  });

  it("keeps an empty list for a locale whose items were all bad", () => {
    expect(parseLastViewed(JSON.stringify({ cs: [{ id: "x" }] }))).toEqual({ cs: [] });
  });
});
