import { describe, expect, it } from "vitest";
import { pageWindow, tableQueryFromUrl } from "./admin-table.ts";

describe("a back-office table's query", () => {
  it("reads search, sort, direction and page from the URL", () => {
    const url = new URL("http://x/admin/uzivatele?q=%20novak%20&sort=email&dir=asc&page=3&size=50");
    expect(tableQueryFromUrl(url, ["email", "createdAt"])).toEqual({
      q: "novak",
      sort: "email",
      dir: "asc",
      page: 3,
      size: 50,
    });
    expect(pageWindow({ page: 3, size: 50 })).toEqual({ limit: 50, offset: 100 });
  });

  it("falls back to the defaults for anything it does not know, never to an unlisted column", () => {
    const url = new URL("http://x/?sort=password_hash&dir=sideways&page=-4&size=100000");
    expect(tableQueryFromUrl(url, ["email"])).toEqual({ dir: "desc", page: 1, size: 25 });
  });
});
