import { describe, expect, test } from "vitest";
import type { BottlingCandidate } from "#core/contracts/bottlings.ts";
import { translate } from "#core/i18n/index.ts";
import { facts } from "./bottling-proposal.tsx";

const candidate: BottlingCandidate = {
  id: 1,
  name: "Springbank 12 yo Cask Strength",
  slug: "springbank-12",
  brandName: "Springbank",
  attributes: { age_years: 12, abv: 56.5, volume_ml: 700 },
  score: 1,
};

const said = (locale: "cs" | "en") =>
  facts(candidate, (key, values) => translate(locale, key, values), locale);

describe("a proposed bottling's facts", () => {
  test("write the strength the language's way: 56,5 % in Czech, 56.5% ABV in English", () => {
    expect(said("cs")).toBe("12\u00a0let · 56,5\u00a0% · 700\u00a0ml");
    expect(said("en")).toBe("12\u00a0years · 56.5% ABV · 700\u00a0ml");
  });
});
