import { describe, expect, it } from "vitest";
import {
  effectiveScopes,
  hasAnyStaffScope,
  hasScope,
  isStaffRole,
  ROLE_SCOPES,
  STAFF_SCOPES,
} from "./staff.ts";

describe("staff scopes", () => {
  it("gives the owner every scope and each staff role only its own", () => {
    expect(effectiveScopes("admin")).toEqual([...STAFF_SCOPES]);
    expect(effectiveScopes("moderator")).toEqual(["moderation", "users"]);
    expect(effectiveScopes("editor")).toEqual(["content", "catalog"]);
    expect(effectiveScopes("accountant")).toEqual(["orders"]);
    expect(effectiveScopes("support")).toEqual(["deals", "users"]);
    expect(effectiveScopes("admin")).toContain("deals");
    expect(effectiveScopes("user")).toEqual([]);
    expect(Object.keys(ROLE_SCOPES).filter((role) => isStaffRole(role))).toEqual([
      "admin",
      "moderator",
      "editor",
      "accountant",
      "support",
    ]);
  });

  it("adds granted scopes to staff, but never opens the back office to a plain user", () => {
    expect(effectiveScopes("accountant", ["settings"])).toEqual(["orders", "settings"]);
    expect(effectiveScopes("user", ["settings", "advertisement.add"])).toEqual(["advertisement.add"]);
    expect(hasAnyStaffScope(effectiveScopes("user", ["orders"]))).toBe(false);
    expect(hasAnyStaffScope(effectiveScopes("editor"))).toBe(true);
  });

  it("checks a scope in a list or as a key, as the spec's client does", () => {
    expect(hasScope(["moderation", "users"], "users")).toBe(true);
    expect(hasScope(["moderation"], "orders")).toBe(false);
    expect(hasScope({ orders: true }, "orders")).toBe(true);
    expect(hasScope({ orders: false }, "orders")).toBe(false);
    expect(hasScope({}, "toString")).toBe(false);
    expect(hasScope(null, "orders")).toBe(false);
  });
});
