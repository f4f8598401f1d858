import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messages } from "#core/i18n/catalogue.ts";
import { areaMentions, buildTexts, publicAreas } from "./texts-plugin.ts";

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../core/i18n");

describe("the browser's texts", () => {
  const areas = publicAreas(i18nDir);
  for (const locale of ["cs", "en"] as const) {
    it(`in ${locale}: the base, every public area and the admin part together are exactly the server's texts`, () => {
      const base = buildTexts(i18nDir, locale, "base");
      const pieces = areas.map((area) => buildTexts(i18nDir, locale, area));
      const admin = buildTexts(i18nDir, locale, "admin");
      expect(Object.assign({}, base, ...pieces, admin)).toEqual(messages[locale]);
      // Each area's module holds that area only; none holds back-office texts.
      expect(pieces.map((piece) => Object.keys(piece))).toEqual(areas.map((area) => [area]));
      expect(areas.filter((name) => name.startsWith("admin"))).toEqual([]);
      expect(Object.keys(admin).every((name) => name.startsWith("admin"))).toBe(true);
      const other = locale === "cs" ? "en" : "cs";
      expect(buildTexts(i18nDir, locale, "header").header).not.toEqual(messages[other].header);
    });
  }

  it("finds the areas code names, in plain strings, template literals and concatenations (minified code)", () => {
    const found = (code: string) => [...code.matchAll(areaMentions(areas))].map((match) => match[1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: minified code with a template literal in it.
    expect(found('t("catalog.sort.newest");t(`product.format.${f}`);t("watchdog.button."+k)')).toEqual([
      "catalog",
      "product",
      "watchdog",
    ]);
    // Not a property path, a back-office area or a name that is no area ("header.png" would count:
    // a needless area costs bytes, a missed one would show keys).
    expect(found('a.catalog.x;"adminCatalog.title";"nothing.here"')).toEqual([]);
  });
});
