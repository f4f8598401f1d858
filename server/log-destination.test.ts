import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { batchedLines, fdLines } from "./log-destination.ts";
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

describe("fdLines", () => {
  it("writes each chunk whole to the file descriptor, multi-byte characters included", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-fd-lines-"));
    const file = path.join(dir, "out.log");
    const fd = fs.openSync(file, "w");
    try {
      const target = fdLines(fd);
      target.write('{"msg":"Přihozeno"}\n');
      target.write('{"msg":"second"}\n');
      expect(fs.readFileSync(file, "utf8")).toBe('{"msg":"Přihozeno"}\n{"msg":"second"}\n');
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("goes on after a partial write and waits out a full pipe (EAGAIN) instead of dropping the chunk", () => {
    const received: Buffer[] = [];
    let calls = 0;
    const writeSync = ((_fd: number, data: string | Buffer) => {
      calls++;
      if (calls === 2) throw Object.assign(new Error("full"), { code: "EAGAIN" });
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      // The first call takes 2 bytes only ("P" and half of "ř"), later ones the rest.
      const taken = calls === 1 ? bytes.subarray(0, 2) : bytes;
      received.push(Buffer.from(taken));
      return taken.length;
    }) as typeof fs.writeSync;
    fdLines(7, writeSync).write("Přihoz\n");
    expect(Buffer.concat(received).toString("utf8")).toBe("Přihoz\n");
    expect(calls).toBe(3);
  });

  it("throws any other error (a closed pipe)", () => {
    const writeSync = (() => {
      throw Object.assign(new Error("closed"), { code: "EPIPE" });
    }) as typeof fs.writeSync;
    expect(() => fdLines(7, writeSync).write("x\n")).toThrow("closed");
  });
});
