import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-diff.ts";

describe("auditChanges", () => {
  it("lists only the fields that changed, one level deep", () => {
    expect(
      auditChanges(
        { role: "user", scope: ["a"], name: "Eva" },
        { role: "moderator", scope: ["a", "content"], name: "Eva" },
      ),
    ).toEqual([
      { field: "role", before: "user", after: "moderator" },
      { field: "scope", before: '["a"]', after: '["a","content"]' },
    ]);
  });

  it("shows added and removed fields, whole values and nothing for no change", () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { field: "a", before: "1", after: null },
      { field: "b", before: null, after: "2" },
    ]);
    expect(auditChanges(null, { status: "paid" })).toEqual([
      { field: "status", before: null, after: "paid" },
    ]);
    expect(auditChanges("on", "off")).toEqual([{ field: "", before: "on", after: "off" }]);
    expect(auditChanges(5, 5)).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({ text: "x".repeat(500) }, {})[0].before).toHaveLength(160);
  });
});
