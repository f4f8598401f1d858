import { describe, expect, it } from "vitest";
import { activeNavPage, visibleNav } from "./admin-nav.ts";

describe("the back office's menu", () => {
  it("shows each role only the entries of its scopes", () => {
    const pages = (scopes: string[]) => visibleNav(scopes).flatMap((s) => s.items.map((i) => i.page));
    expect(pages(["orders"])).toEqual([
      "admin",
      "adminOrders",
      "adminPayments",
      "adminBankStatements",
      "adminVouchers",
    ]);
    expect(pages([])).toEqual(["admin"]);
  });

  it("marks only the deepest entry the page lies under", () => {
    const entries = [
      { page: "admin" as const, path: "/admin" },
      { page: "adminPayments" as const, path: "/admin/platby" },
      { page: "adminBankStatements" as const, path: "/admin/platby/vypisy" },
    ];
    expect(activeNavPage(entries, "/admin/platby/vypisy/3")).toBe("adminBankStatements");
    expect(activeNavPage(entries, "/admin/platby")).toBe("adminPayments");
    expect(activeNavPage(entries, "/admin")).toBe("admin");
    expect(activeNavPage(entries, "/admin/platbyx")).toBe("admin");
  });
});
