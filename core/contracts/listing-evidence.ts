/**
 * A listing's evidence of authenticity (issue 36, item 3; docs/product/trust.md, "Evidence of
 * authenticity"): which of the listing's photos shows which detail of the bottle, and its fill level
 * on the collectors' scale. The photos stay the listing's own (product_images); the
 * listing-evidence module keeps which of them fills which slot.
 */

/** The photo slots, in the order the form and the product page show them. */
export const EVIDENCE_SLOTS = [
  "front_label",
  "back_label",
  "capsule_seal",
  "fill_level",
  "batch_code",
  "box",
] as const;
export type EvidenceSlot = (typeof EVIDENCE_SLOTS)[number];

/** The slots an auction of a spirit above the threshold cannot go without (with a chosen fill level). */
export const REQUIRED_EVIDENCE_SLOTS = [
  "capsule_seal",
  "fill_level",
  "batch_code",
] as const satisfies readonly EvidenceSlot[];

/** The collectors' fill-level scale, from the fullest bottle down (ullage). */
export const FILL_LEVELS = [
  "in_neck",
  "base_of_neck",
  "very_top_shoulder",
  "top_shoulder",
  "upper_shoulder",
  "mid_shoulder",
  "low_shoulder",
] as const;
export type FillLevel = (typeof FILL_LEVELS)[number];

export const isEvidenceSlot = (value: unknown): value is EvidenceSlot =>
  (EVIDENCE_SLOTS as readonly unknown[]).includes(value);
export const isFillLevel = (value: unknown): value is FillLevel =>
  (FILL_LEVELS as readonly unknown[]).includes(value);

/** One evidence photo as the pages show it. */
export type EvidencePhotoView = {
  slot: EvidenceSlot;
  url: string;
  width: number | null;
  height: number | null;
};

/** A listing's evidence as the product page shows it (null from the service when it has none). */
export type ListingEvidenceView = {
  /** In slot order, only the slots filled. */
  photos: EvidencePhotoView[];
  fillLevel: FillLevel | null;
};

/** What the listing form needs to guide a spirit's seller: which categories are spirits, and the threshold. */
export type EvidenceFormRules = {
  /** Every category (top level and below) whose listings are spirits. */
  spiritCategoryIds: number[];
  /** Auctions of spirits whose start (or reserve) is above this need the required slots. */
  auctionThresholdMinor: number;
};
