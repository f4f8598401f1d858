import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server uses its libraries through their public API (ADR 0063): no private field of pg's
 * client, pool, query or connection, no subclass of pg's Query, no replaced method on a library's
 * prototype. An upgrade of pg (or Drizzle) then cannot break the server silently. This test reads
 * every non-test file under server/ and fails on the marks such code leaves.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  {
    what: "a private field of pg's Client, Pool, Query or Connection",
    pattern:
      /\b(processID|secretKey|parsedStatements|submittedNamedStatements|queryQueue|activeQuery|handleCommandComplete|handleReadyForQuery|handleRowDescription|handleDataRow)\b/,
  },
  { what: "a member whose name starts with _ (a library's private field)", pattern: /\.\s*_[a-zA-Z]\w*/ },
  {
    what: "pg's Query class (internal; its methods are undocumented)",
    pattern: /\bpg\.Query\b|extends\s+Query\b/,
  },
  {
    what: "a method set on a prototype (monkey-patching)",
    pattern: /\.prototype(\.\w+|\[[^\]]+\])\s*=(?!=)|(defineProperty|assign)\(\s*[\w.]+\.prototype\b/,
  },
  { what: "a replaced Emscripten file operation", pattern: /\bstream_ops\b/ },
];

/**
 * The one exception, until PGlite offers a public way: its Node file system has no fsync, and no
 * option or filesystem hook adds one (electric-sql/pglite#1107), while a commit of the embedded
 * database must survive an OS crash or power cut (ADR 0011). ADR 0063 says why it stays. The list
 * may only shrink: the test fails when a listed file no longer needs its exception.
 */
const EXCEPTIONS: { file: string; what: string }[] = [
  { file: "server/db/client.ts", what: "a replaced Emscripten file operation" },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every forbidden mark in server/, as "file: what (the line)". */
function marks(): { file: string; what: string; line: string }[] {
  return sources(path.join(ROOT, "server")).flatMap((file) => {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    const lines = fs.readFileSync(file, "utf8").split("\n");
    return lines.flatMap((line) => {
      // Comments may name what the code no longer does.
      const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, "").replace(/\/\/.*$/, "");
      return FORBIDDEN.filter(({ pattern }) => pattern.test(code)).map(({ what }) => ({
        file: relative,
        what,
        line: line.trim(),
      }));
    });
  });
}

const excepted = (mark: { file: string; what: string }) =>
  EXCEPTIONS.some((exception) => exception.file === mark.file && exception.what === mark.what);

describe("libraries through their public API", () => {
  const found = marks();

  it("reaches into no library's private fields and patches no prototype in server/", () => {
    expect(found.filter((mark) => !excepted(mark)).map((m) => `${m.file}: ${m.what} (${m.line})`)).toEqual(
      [],
    );
  });

  it("keeps no exception that is no longer needed", () => {
    const unused = EXCEPTIONS.filter(
      (exception) => !found.some((mark) => mark.file === exception.file && mark.what === exception.what),
    );
    expect(unused).toEqual([]);
  });
});
