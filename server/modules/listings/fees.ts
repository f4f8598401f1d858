import type { AuctionDuration, ProductFormat, ProductType } from "./tables/products.ts";

/**
 * The insertion fee of a listing (docs/product/fees.md, "Insertion fee" and "Group discounts"): the
 * `fees` setting gives it per format and auction duration (a demand ad has its own, usually zero),
 * and the seller's user group discount applies to it.
 */

/** The insertion part of the `fees` setting (server/modules/settings/schemas.ts validates it). */
export type InsertionFees = {
  auction: Record<AuctionDuration, number>;
  classified: number;
  demand: number;
};

export type ListingKind = {
  format: Extract<ProductFormat, "auction" | "classified">;
  type: ProductType;
  duration: AuctionDuration | null;
};

export type Fee = {
  /** The price list's fee before the discount, CZK minor units. */
  baseMinor: number;
  /** The user group's discount in percent (0-100). */
  discountPercent: number;
  discountMinor: number;
  /** What the seller pays. */
  amountMinor: number;
};

/** The fee before any discount: demand ads have theirs, classifieds theirs, auctions one per duration. */
export function baseInsertionFee(fees: InsertionFees, kind: ListingKind): number {
  if (kind.type === "demand") return fees.demand;
  if (kind.format === "classified") return fees.classified;
  return fees.auction[kind.duration ?? "week"];
}

/**
 * The fee with the discount applied. The discount is rounded to whole haléře, half up, so a 5 %
 * discount of 29,00 Kč is 1,45 Kč and of 0,10 Kč is 0,01 Kč; the fee never goes below zero.
 */
export function insertionFee(fees: InsertionFees, kind: ListingKind, discountPercent: number): Fee {
  return withDiscount(baseInsertionFee(fees, kind), discountPercent);
}

/** Any fee of the price list (insertion, promotion) less the user group's discount, rounded as above. */
export function withDiscount(base: number, discountPercent: number): Fee {
  const baseMinor = Math.max(0, Math.round(base));
  const percent = Math.min(100, Math.max(0, Math.round(discountPercent)));
  const discountMinor = Math.floor((baseMinor * percent + 50) / 100);
  return { baseMinor, discountPercent: percent, discountMinor, amountMinor: baseMinor - discountMinor };
}

/** The promotion part of the `fees` setting: a price per day and the days one order may buy. */
export type PromotionFees = { perDayMinor: number; minDays: number; maxDays: number };

/** Reads the promotion prices out of the `fees` setting's value; null when missing or malformed. */
export function readPromotionFees(value: unknown): PromotionFees | null {
  const v = value as {
    promotionPerDayMinor?: unknown;
    promotionMinDays?: unknown;
    promotionMaxDays?: unknown;
  };
  const [perDayMinor, minDays, maxDays] = [v?.promotionPerDayMinor, v?.promotionMinDays, v?.promotionMaxDays];
  if (![perDayMinor, minDays, maxDays].every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
    return null;
  if ((minDays as number) < 1 || (maxDays as number) < (minDays as number)) return null;
  return { perDayMinor: perDayMinor as number, minDays: minDays as number, maxDays: maxDays as number };
}

/** The price of promoting a listing for `days` days, the group discount applied to the whole. */
export function promotionFee(fees: PromotionFees, days: number, discountPercent: number): Fee {
  return withDiscount(fees.perDayMinor * days, discountPercent);
}

/** Reads the insertion fees out of the `fees` setting's value; null when it is missing or malformed. */
export function readInsertionFees(value: unknown): InsertionFees | null {
  const insertion = (value as { insertionMinor?: unknown } | null | undefined)?.insertionMinor as
    | { auction?: { week?: unknown; month?: unknown }; classified?: unknown; demand?: unknown }
    | undefined;
  const amounts = [
    insertion?.auction?.week,
    insertion?.auction?.month,
    insertion?.classified,
    insertion?.demand,
  ];
  if (!amounts.every((amount) => Number.isSafeInteger(amount) && (amount as number) >= 0)) return null;
  const [week, month, classified, demand] = amounts as number[];
  return { auction: { week, month }, classified, demand };
}
