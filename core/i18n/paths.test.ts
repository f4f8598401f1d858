import { describe, expect, it } from "vitest";
import { localePath, PAGE_PATHS, parseRouteId, pathLocale, routeId } from "./paths.ts";

describe("page paths", () => {
  it("gives every page a Czech path without prefix and an English one under /en", () => {
    for (const [name, paths] of Object.entries(PAGE_PATHS)) {
      expect(paths.cs.startsWith("/en"), name).toBe(false);
      expect(paths.en === "/en" || paths.en.startsWith("/en/"), name).toBe(true);
    }
  });

  it("keeps the documented paths", () => {
    expect(PAGE_PATHS.search).toEqual({ cs: "/hledani", en: "/en/search" });
    expect(PAGE_PATHS.accountOverview).toEqual({ cs: "/ucet/prehled", en: "/en/account/overview" });
    expect(PAGE_PATHS.accountInvoice.cs).toBe("/ucet/fakturacni-a-kontaktni-udaje");
    expect(PAGE_PATHS.changePassword.en).toBe("/en/change-password/:hash");
  });

  it("fills params and drops an absent optional one", () => {
    expect(localePath("info", "cs", { id: 1, slug: "obchodni-podminky" })).toBe("/info/1/obchodni-podminky");
    expect(localePath("userProfile", "en", { id: 7 })).toBe("/en/user/7");
    expect(localePath("userProfile", "cs")).toBe("/uzivatel");
    expect(localePath("home", "cs")).toBe("/");
    expect(() => localePath("info", "cs", { id: 1 })).toThrow(/slug/);
  });

  it("round-trips route ids and tells a path's language", () => {
    expect(parseRouteId(routeId("search", "en"))).toEqual({ name: "search", locale: "en" });
    expect(parseRouteId("nonsense___cs")).toBeNull();
    expect(pathLocale("/en/search")).toBe("en");
    expect(pathLocale("/en")).toBe("en");
    expect(pathLocale("/energie")).toBe("cs");
  });
});
