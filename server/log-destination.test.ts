import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { batchedLines } from "./log-destination.ts";
import { createLogger } from "./logger.ts";

function target() {
  const chunks: string[] = [];
  return { chunks, write: (chunk: string) => chunks.push(chunk) };
}

describe("batchedLines", () => {
  it("holds lines until the chunk is full, then writes them in one piece, in order", () => {
    const out = target();
    const lines = batchedLines(out, 30);
    lines.write("first line\n");
    lines.write("second line\n");
    expect(out.chunks).toEqual([]);
    lines.write("third line\n");
    expect(out.chunks).toEqual(["first line\nsecond line\nthird line\n"]);
  });

  it("writes the lines of one turn of the event loop together, at the end of that turn", async () => {
    const out = target();
    const lines = batchedLines(out, 1000);
    lines.write("a\n");
    lines.write("b\n");
    expect(out.chunks).toEqual([]);
    await nextTurn();
    expect(out.chunks).toEqual(["a\nb\n"]);
    lines.write("c\n");
    await nextTurn();
    expect(out.chunks).toEqual(["a\nb\n", "c\n"]);
  });

  it("writes what it holds on flush, and nothing when it holds nothing", () => {
    const out = target();
    const lines = batchedLines(out, 1000);
    lines.write("a\n");
    lines.flush();
    lines.flush();
    expect(out.chunks).toEqual(["a\n"]);
  });

  it("carries pino's lines whole, secrets still redacted", () => {
    const out = target();
    const lines = batchedLines(out, 1_000_000);
    const logger = createLogger("info", lines);
    logger.info({ requestId: "r-1", password: "Heslo-1" }, "one");
    logger.info({ requestId: "r-2" }, "two");
    lines.flush();
    const written = out.chunks
      .join("")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(written.map((line) => [line.requestId, line.msg])).toEqual([
      ["r-1", "one"],
      ["r-2", "two"],
    ]);
    expect(out.chunks.join("")).not.toContain("Heslo-1");
  });
});
