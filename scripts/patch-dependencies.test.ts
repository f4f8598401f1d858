import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h, Suspense } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { applyPatch, PATCHES } from "./patch-dependencies.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const ORIGINAL = "the package's own file\n";
const PATCHED = "the patched file\n";
const patch = {
  file: "node_modules/pkg/lib/file.js",
  original: createHash("sha256").update(ORIGINAL).digest("hex"),
  patched: "patches/pkg/file.js",
};

function project(installed: string | null) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-patch-"));
  roots.push(root);
  fs.mkdirSync(path.join(root, "patches/pkg"), { recursive: true });
  fs.writeFileSync(path.join(root, patch.patched), PATCHED);
  if (installed !== null) {
    fs.mkdirSync(path.join(root, "node_modules/pkg/lib"), { recursive: true });
    fs.writeFileSync(path.join(root, patch.file), installed);
  }
  return root;
}

const installed = (root: string) => fs.readFileSync(path.join(root, patch.file), "utf8");

describe("patch-dependencies", () => {
  it("replaces the file it was made from, once, without writing into the old file (hard links)", () => {
    const root = project(ORIGINAL);
    const shared = path.join(root, "shared-link.js");
    fs.linkSync(path.join(root, patch.file), shared);
    expect(applyPatch(root, patch)).toBe("applied");
    expect(installed(root)).toBe(PATCHED);
    expect(fs.readFileSync(shared, "utf8")).toBe(ORIGINAL);
    expect(applyPatch(root, patch)).toBe("patched");
    expect(applyPatch(root, patch, true)).toBe("patched");
  });

  it("refuses a file it was not made from (an upgraded package) and leaves it as it is", () => {
    const root = project("a newer release\n");
    expect(() => applyPatch(root, patch)).toThrow(/ADR 0049/);
    expect(installed(root)).toBe("a newer release\n");
  });

  it("replaces a file an earlier version of the patch wrote", () => {
    const earlier = "an earlier patch\n";
    const root = project(earlier);
    const withEarlier = { ...patch, earlier: [createHash("sha256").update(earlier).digest("hex")] };
    expect(() => applyPatch(root, patch)).toThrow(/not the file/);
    expect(applyPatch(root, withEarlier)).toBe("applied");
    expect(installed(root)).toBe(PATCHED);
  });

  it("--check refuses an unpatched file; a package that is not installed is skipped", () => {
    expect(() => applyPatch(project(ORIGINAL), patch, true)).toThrow(/not the file/);
    expect(applyPatch(project(null), patch)).toBe("missing");
  });

  it("the installed react-router is the release the patches were made from, or already patched", () => {
    const root = path.resolve(import.meta.dirname, "..");
    for (const each of PATCHES) {
      const hash = createHash("sha256")
        .update(fs.readFileSync(path.join(root, each.file)))
        .digest("hex");
      const patchedHash = createHash("sha256")
        .update(fs.readFileSync(path.join(root, each.patched)))
        .digest("hex");
      expect([each.original, patchedHash]).toContain(hash);
    }
  });
});

/** Streams a tree to the end through React's Node writer (react-dom's patched file, ADR 0052). */
function streamed(tree: ReturnType<typeof h>): Promise<string> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("react-dom's patched Node writer", () => {
  it("writes the same HTML as React's string renderer: text, attributes, non-ASCII, long strings", async () => {
    const long = "Příliš žluťoučký kůň úpěl ďábelské ódy – € ".repeat(200);
    const tree = h(
      "html",
      null,
      h("head", null, h("style", null, "a{color:red}".repeat(3000))),
      h(
        "body",
        null,
        h("p", { className: "x", "data-a": `ř<&>"'` }, long),
        h(
          "ul",
          null,
          ...Array.from({ length: 500 }, (_, i) => h("li", { key: i, title: `č ${i}` }, `položka ${i}`)),
        ),
        h(Suspense, { fallback: h("p", null, "…") }, h("p", null, "ready")),
      ),
    );
    expect(await streamed(tree)).toBe(`<!DOCTYPE html>${renderToString(tree)}`);
  });
});
