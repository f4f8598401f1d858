import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsStale } from "./build-freshness.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const BUILT = new Date("2026-03-01T12:00:00Z");
const BEFORE = new Date("2026-03-01T11:00:00Z");
const AFTER = new Date("2026-03-01T13:00:00Z");

/** A project whose every file and folder predates a build in builds/demo. */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-freshness-"));
  roots.push(root);
  const files = [
    "app/root.tsx",
    "app/routes/home.tsx",
    "public/favicon.ico",
    "server/http/session.ts",
    "server/http/session.test.ts",
    "server/test/fixtures.ts",
    "server/db/migrations/0000_init.sql",
    "vite.config.ts",
    "package-lock.json",
    "builds/demo/server/index.js",
  ];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), "");
  }
  const touchAll = (dir: string) => {
    for (const child of fs.readdirSync(dir)) {
      const full = path.join(dir, child);
      if (fs.statSync(full).isDirectory()) touchAll(full);
      fs.utimesSync(full, BEFORE, BEFORE);
    }
  };
  touchAll(root);
  const buildDir = path.join(root, "builds/demo");
  fs.utimesSync(path.join(buildDir, "server/index.js"), BUILT, BUILT);
  const touch = (file: string) => fs.utimesSync(path.join(root, file), AFTER, AFTER);
  return { root, buildDir, touch };
}

describe("buildIsStale", () => {
  it("is stale without a build in the given build directory, fresh when the build is newest", () => {
    const { root, buildDir } = project();
    expect(buildIsStale(root, buildDir)).toBe(false);
    // Another build directory (BUILD_DIR) has no build of its own yet.
    expect(buildIsStale(root, path.join(root, "build"))).toBe(true);
  });

  it.each([
    "app/routes/home.tsx",
    "public/favicon.ico",
    "server/http/session.ts",
    "vite.config.ts",
    "package-lock.json",
  ])("is stale once %s changed after the build", (file) => {
    const { root, buildDir, touch } = project();
    touch(file);
    expect(buildIsStale(root, buildDir)).toBe(true);
  });

  it("is stale when a file was removed from the app (its folder changed)", () => {
    const { root, buildDir, touch } = project();
    touch("app/routes");
    expect(buildIsStale(root, buildDir)).toBe(true);
  });

  it("ignores server tests, test helpers and migrations, which the web build never bundles", () => {
    const { root, buildDir, touch } = project();
    touch("server/http/session.test.ts");
    touch("server/test/fixtures.ts");
    touch("server/db/migrations/0000_init.sql");
    touch("server/http");
    expect(buildIsStale(root, buildDir)).toBe(false);
  });
});
