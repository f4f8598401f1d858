import {
  type AttributeValue,
  type AttributeValues,
  DEFINING_BOTTLING_KEYS,
} from "#core/contracts/bottlings.ts";

/**
 * Ranking the bottlings proposed for a listing ("Je to tato láhev?", docs/product/bottlings.md,
 * "Matching"): pure, so its weights are tested by hand. A candidate scores by the same brand and
 * category, the share of its name's words the listing's name has, and each attribute both give;
 * a different brand, or a different value of a defining attribute (age, vintage, edition, cask
 * number, volume...), rules it out: a 12-year-old is never proposed for an 18.
 */

export type MatchFacts = {
  brandId: number | null;
  categoryId: number;
  /** The listing's names (Czech, English): their words are compared. */
  names: readonly string[];
  attributes: AttributeValues;
};

export type MatchCandidate = MatchFacts & { id: number };

/** Shown at most. */
export const MAX_PROPOSALS = 5;
/** A candidate below this is not worth the seller's attention. */
export const MIN_SCORE = 3;

/** Without both brands known, at least this share of the bottling's name words must be the listing's. */
export const MIN_SHARE_WITHOUT_BRAND = 0.5;

const WEIGHTS = { brand: 4, category: 2, words: 6, attribute: 2, definingAttribute: 3 } as const;

/** Words of a text folded (no case, no diacritics), numbers kept: `Glenfarclas 12 Years` → glenfarclas, 12, years. */
export function foldWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 || /\d/.test(word));
}

/** Whether two attribute values say the same (numbers by value, texts folded). */
export function sameValue(a: AttributeValue, b: AttributeValue): boolean {
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  return foldWords(String(a)).join(" ") === foldWords(String(b)).join(" ");
}

/** The candidate's score for the listing, or null when it is ruled out. */
export function matchScore(listing: MatchFacts, candidate: MatchCandidate): number | null {
  let score = 0;
  if (listing.brandId !== null && candidate.brandId !== null) {
    if (listing.brandId !== candidate.brandId) return null;
    score += WEIGHTS.brand;
  }
  if (listing.categoryId === candidate.categoryId) score += WEIGHTS.category;
  const listingWords = new Set(listing.names.flatMap(foldWords));
  const candidateWords = new Set(candidate.names.flatMap(foldWords));
  const brandKnown = listing.brandId !== null && candidate.brandId !== null;
  if (candidateWords.size > 0) {
    let shared = 0;
    for (const word of candidateWords) if (listingWords.has(word)) shared += 1;
    // Without both brands, the name is all there is: one common word ("12", "let") is not a match.
    if (!brandKnown && shared / candidateWords.size < MIN_SHARE_WITHOUT_BRAND) return null;
    score += (WEIGHTS.words * shared) / candidateWords.size;
  }
  for (const [key, value] of Object.entries(listing.attributes)) {
    const theirs = candidate.attributes[key];
    if (theirs === undefined || theirs === "") continue;
    const defining = DEFINING_BOTTLING_KEYS.has(key);
    if (!sameValue(value, theirs)) {
      if (defining) return null;
      continue;
    }
    score += defining ? WEIGHTS.definingAttribute : WEIGHTS.attribute;
  }
  return Math.round(score * 100) / 100;
}

/** The best candidates, best first (ties: the older bottling, the one more listings know). */
export function rankCandidates<C extends MatchCandidate>(
  listing: MatchFacts,
  candidates: readonly C[],
  limit = MAX_PROPOSALS,
): (C & { score: number })[] {
  return candidates
    .map((candidate) => ({ ...candidate, score: matchScore(listing, candidate) }))
    .filter((c): c is C & { score: number } => c.score !== null && c.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, limit);
}
