import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { messages } from "#core/i18n/catalogue.ts";
import { buildTexts } from "./texts-plugin.ts";

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../core/i18n");

describe("the browser's texts", () => {
  for (const locale of ["cs", "en"] as const) {
    it(`in ${locale}: the site and admin parts together are exactly the server's texts`, () => {
      const site = buildTexts(i18nDir, locale, "site");
      const admin = buildTexts(i18nDir, locale, "admin");
      expect({ ...site, ...admin }).toEqual(messages[locale]);
      // The public pages' part carries no back-office texts and no text of the other language.
      expect(Object.keys(site).filter((name) => name.startsWith("admin"))).toEqual([]);
      expect(Object.keys(admin).every((name) => name.startsWith("admin"))).toBe(true);
      const other = locale === "cs" ? "en" : "cs";
      expect(site.header).not.toEqual(messages[other].header);
    });
  }
});
