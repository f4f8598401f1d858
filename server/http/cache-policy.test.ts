import { describe, expect, it } from "vitest";
import { PAGE_PATHS } from "#core/i18n/paths.ts";
import { pageOf, pageOfScanningAll } from "./cache-policy.ts";

/** A page path with its parameters filled in several ways, and paths around it. */
function pathsAround(path: string): string[] {
  const filled = [
    path.replace(/:id\??/g, "2").replace(/:\w+\??/g, "rum"),
    path.replace(/:id\??/g, "380").replace(/:\w+\??/g, "clement-cuvee-44"),
    path
      .replace(/\/:\w+\?/g, "")
      .replace(/:id/g, "7")
      .replace(/:\w+/g, "x"),
    path.replace(/:id\??/g, "abc").replace(/:\w+\??/g, "1"),
  ];
  return filled.flatMap((one) => [
    one,
    `${one}/`,
    `${one}//`,
    `${one}/more`,
    one.slice(0, one.lastIndexOf("/")) || "/",
    one.toUpperCase(),
    `/en${one}`,
    one.replace(/^\/en(?=\/|$)/, "") || "/",
    `/${one}`,
  ]);
}

describe("pageOf", () => {
  it("answers as the scan of every pattern for every page's paths and the paths around them", () => {
    const paths = new Set(["/", "", "//", "/en", "/en/", "/x", "/__diagnostics/auction"]);
    for (const localized of Object.values(PAGE_PATHS))
      for (const path of Object.values(localized as Record<string, string>))
        for (const around of pathsAround(path)) paths.add(around);
    expect(paths.size).toBeGreaterThan(500);
    let pages = 0;
    for (const path of paths) {
      expect(pageOf(path), path).toBe(pageOfScanningAll(path));
      if (pageOf(path) !== null) pages++;
    }
    expect(pages).toBeGreaterThan(200);
  });
});
