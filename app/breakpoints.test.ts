import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The six breakpoints are the design's only ones (docs/product/screens.md, "Design constants").
 * Tailwind's defaults are removed in app.css, so a class such as `md:flex` would silently do
 * nothing: this keeps them out of app/.
 */
const appDir = path.dirname(fileURLToPath(import.meta.url));
const css = readFileSync(path.join(appDir, "app.css"), "utf8");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("breakpoints", () => {
  it("are tablet 768, desktop 1028, widescreen 1260, fullhd 1580, max 1796, and only those", () => {
    expect(css).toContain("--breakpoint-*: initial;");
    const defined = Object.fromEntries(
      [...css.matchAll(/--breakpoint-([a-z]+):\s*(\d+)px;/g)].map((match) => [match[1], Number(match[2])]),
    );
    expect(defined).toEqual({ tablet: 768, desktop: 1028, widescreen: 1260, fullhd: 1580, max: 1796 });
  });

  it("the container grows from 1008 px to 1560 px", () => {
    expect(css).toContain("--container-page-desktop: 1008px;");
    expect(css).toContain("--container-page-fullhd: 1560px;");
  });

  it("no class in app/ uses one of Tailwind's removed default breakpoints", () => {
    const offenders = sources(appDir).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?<=["'`\s{])(?:max-)?(?:sm|md|lg|xl|2xl):[\w[-]/g)].map(
        (match) => `${path.relative(appDir, file)}: ${match[0]}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
