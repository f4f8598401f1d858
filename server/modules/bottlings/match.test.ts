import { describe, expect, it } from "vitest";
import { foldWords, type MatchCandidate, matchScore, rankCandidates } from "./match.ts";

const listing = {
  brandId: 7,
  categoryId: 3,
  names: ["Glenfarclas 12 let, 0,7 l", "Glenfarclas 12 Years"],
  attributes: {},
};

const candidate = (id: number, over: Partial<MatchCandidate>): MatchCandidate => ({
  id,
  brandId: 7,
  categoryId: 3,
  names: ["Glenfarclas 12 Years"],
  attributes: {},
  ...over,
});

describe("matching a listing to bottlings", () => {
  it("folds words without case and diacritics, keeping numbers", () => {
    expect(foldWords("Žluťoučký Rum 12 Let")).toEqual(["zlutoucky", "rum", "12", "let"]);
  });

  it("scores brand, category and every word of the bottling's name", () => {
    // brand 4 + category 2 + all 3 words 6
    expect(matchScore(listing, candidate(1, {}))).toBe(12);
  });

  it("rules out another brand, and a different defining attribute", () => {
    expect(matchScore(listing, candidate(1, { brandId: 8 }))).toBeNull();
    const aged = { ...listing, attributes: { age_years: 12 } };
    expect(matchScore(aged, candidate(1, { attributes: { age_years: 18 } }))).toBeNull();
    expect(matchScore(aged, candidate(1, { attributes: { age_years: 12 } }))).toBe(15);
  });

  it("without both brands, wants half the bottling's name words: one common word is not a match", () => {
    const brandless = { ...listing, brandId: null, names: ["Caroni 12 let"] };
    // "12" and "let" of "Springbank 12 let 2019": 2 of 4 words, half: still a candidate.
    expect(matchScore(brandless, candidate(1, { brandId: null, names: ["Springbank 12 let 2019"] }))).toBe(5);
    // Only "12" of "Hampden 12 Years": 1 of 3 words.
    expect(matchScore(brandless, candidate(2, { brandId: null, names: ["Hampden 12 Years"] }))).toBeNull();
    // The candidate's brand unknown: the same rule.
    expect(
      matchScore(listing, candidate(3, { brandId: null, names: ["Lagavulin 16 Years Old Islay"] })),
    ).toBeNull();
  });

  it("matches from brand, category and name alone (no attributes known)", () => {
    const ranked = rankCandidates(listing, [
      candidate(1, { names: ["Glenfarclas 25 Years"] }),
      candidate(2, {}),
      candidate(3, { brandId: 9, names: ["Glenfarclas 12 Years"] }),
      candidate(4, { brandId: null, categoryId: 99, names: ["Macallan Fine Oak"] }),
    ]);
    expect(ranked.map((c) => c.id)).toEqual([2, 1]);
  });

  it("proposes at most five, best first", () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      candidate(i + 1, { names: [i % 2 ? "Glenfarclas 12 Years" : "Glenfarclas Heritage"] }),
    );
    const ranked = rankCandidates(listing, many);
    expect(ranked).toHaveLength(5);
    expect(ranked[0].id).toBe(2);
  });
});
