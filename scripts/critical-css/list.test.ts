import { describe, expect, it } from "vitest";
import { keysOf, listOf } from "./list.ts";

describe("the critical list", () => {
  const sheet = [".a", ".b", ".c", ".d", ".e", ".f", ".g"];
  const list = listOf(
    sheet,
    new Map([
      ["home", new Set([".a", ".b", ".c", ".f"])],
      ["category", new Set([".g", ".b"])],
    ]),
  );

  it("lists the rules some page uses in the sheet's order, each page's as ranges of places", () => {
    expect(list.rules).toEqual([".a", ".b", ".c", ".f", ".g"]);
    expect(list.pages).toEqual({ category: "1 4", home: "0-3" });
  });

  it("gives a page its own rules back, and a page not measured every listed one", () => {
    expect([...keysOf(list, "home")]).toEqual([".a", ".b", ".c", ".f"]);
    expect([...keysOf(list, "category")]).toEqual([".b", ".g"]);
    expect([...keysOf(list, "bottling")]).toEqual(list.rules);
  });
});
