import { describe, expect, it } from "vitest";
import { type Err, err, type Ok, ok, type Result, unwrap } from "./result.ts";

describe("result", () => {
  it("carries a value when ok and a code with its details when refused", () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(ok()).toEqual({ ok: true, value: undefined });
    expect(err("limited", { retryAfterSeconds: 30 })).toEqual({
      ok: false,
      code: "limited",
      details: { retryAfterSeconds: 30 },
    });
    expect(err("not_found")).toEqual({ ok: false, code: "not_found", details: undefined });
  });

  it("narrows the details by the code", () => {
    type Answer = Ok<number> | Err<"invalid", { field: string }> | Err<"limited", { wait: number }>;
    const answers: Answer[] = [ok(1), err("invalid", { field: "email" }), err("limited", { wait: 5 })];
    const told = answers.map((answer) => {
      if (answer.ok) return `value ${answer.value}`;
      if (answer.code === "invalid") return `field ${answer.details.field}`;
      return `wait ${answer.details.wait}`;
    });
    expect(told).toEqual(["value 1", "field email", "wait 5"]);
  });

  it("splits a union of codes into refusals a check narrows", () => {
    const answer = err("gone") as Result<number, "gone" | "late">;
    const left = answer.ok || answer.code === "late" ? null : answer.code;
    expect(left).toBe("gone");
  });

  it("unwraps a success and throws on a refusal, naming its code", () => {
    const good: Result<string, "gone"> = ok("x");
    const bad: Result<string, "gone"> = err("gone");
    expect(unwrap(good)).toBe("x");
    expect(() => unwrap(bad)).toThrow(/"gone"/);
  });
});
