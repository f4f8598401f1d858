import { describe, expect, it } from "vitest";
import { CREATED, defineLifecycle, IllegalTransitionError, lifecycleTable } from "./define.ts";

const door = defineLifecycle({
  name: "door",
  statuses: ["open", "closed", "locked", "gone"],
  transitions: {
    build: { from: CREATED, to: ["open", "closed"], by: "carpenter", guard: "any time" },
    shut: { from: ["open"], to: ["closed"], by: "anyone", guard: "nobody in the way" },
    lock: { from: ["closed"], to: ["locked"], by: "keyholder", guard: "has the key" },
    open: { from: ["closed", "locked"], to: ["open"], by: "keyholder", guard: "unlocked first | or closed" },
    burn: { from: ["open", "closed", "locked"], to: ["gone"], by: "fire", guard: "never" },
    rebuild: { from: ["gone"], to: ["open"], by: "insurer", guard: "a claim reversed", reversal: true },
  },
});

describe("defineLifecycle", () => {
  it("derives the ordinary moves, the initial and the final statuses from the named transitions", () => {
    expect(door.moves).toEqual({
      open: ["closed", "gone"],
      closed: ["locked", "open", "gone"],
      locked: ["open", "gone"],
      gone: [],
    });
    expect(door.initial).toEqual(["open", "closed"]);
    expect(door.isFinal("gone")).toBe(true);
    expect(door.isFinal("locked")).toBe(false);
    expect(door.statusesBefore("open")).toEqual(["closed", "locked"]);
    expect(door.sources("burn")).toEqual(["open", "closed", "locked"]);
    expect(door.sources("build")).toEqual([]);
  });

  it("applies a named transition only from its own statuses, to one of its targets", () => {
    expect(door.move("lock", "closed")).toBe("locked");
    expect(() => door.move("lock", "open")).toThrow(IllegalTransitionError);
    // `open` reaches `closed` by `shut`, but `burn` cannot reach it.
    expect(() => door.move("burn", "open", "closed")).toThrow(
      /door transition open -> closed \(door\.burn\)/,
    );
    expect(() => door.move("build", "open", "open")).toThrow(IllegalTransitionError);
  });

  it("creates a row only through a creating transition, asking for the target when there are several", () => {
    expect(door.create("build", "closed")).toBe("closed");
    expect(() => door.create("build")).toThrow(/needs its target/);
    expect(() => door.create("shut")).toThrow(IllegalTransitionError);
  });

  it("names a reversal and checks it, but does not count it as an ordinary move", () => {
    expect(door.move("rebuild", "gone")).toBe("open");
    expect(door.canTransition("gone", "open")).toBe(false);
    expect(() => door.assertTransition("gone", "open")).toThrow(IllegalTransitionError);
  });

  it("refuses a definition that names a status it does not have", () => {
    expect(() =>
      defineLifecycle({
        name: "bad",
        statuses: ["a"],
        transitions: { go: { from: ["a"], to: ["b" as "a"], by: "x", guard: "y" } },
      }),
    ).toThrow(/bad\.go names an unknown status b/);
  });

  it("writes its transitions as a Markdown table, one row each, columns padded, pipes escaped", () => {
    const table = lifecycleTable(door).split("\n");
    expect(table).toHaveLength(2 + 6);
    const cells = (line: string) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim());
    expect(cells(table[2])).toEqual(["`door.build`", "(new)", "`open`, `closed`", "carpenter", "any time"]);
    expect(cells(table[5])).toEqual([
      "`door.open`",
      "`closed`, `locked`",
      "`open`",
      "keyholder",
      "unlocked first \\| or closed",
    ]);
    expect(cells(table[7])).toEqual([
      "`door.rebuild`",
      "`gone`",
      "`open`",
      "insurer",
      "a claim reversed (a reversal)",
    ]);
    // Every line as wide as the header: the formatter's layout, so the generated doc passes lint.
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });
});
