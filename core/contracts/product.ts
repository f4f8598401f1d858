import type { AttributeRow } from "./listing-attributes.ts";

/**
 * The product detail page's data (server/modules/catalog/product-detail.ts builds it). Plain,
 * JSON-safe data: instants are ISO strings, money CZK minor units.
 */

import type { Locale } from "../i18n/index.ts";
import type { AuctionDuration, ProductFormat, ProductStatus, ProductType } from "./catalog.ts";
import type { TrustBadges } from "./trust-badges.ts";

export type LocalePaths = Record<Locale, string>;

export type ProductDetailImage = { url: string; width: number | null; height: number | null; alt: string };

export type ProductDetailCategory = { id: number; name: string; slug: string; url: string };

/** A bid of the auction's history: the live history's (PublicBid) with the bidder's badges. */
export type ProductDetailBid = {
  /** The bid's id: the live stream continues after the newest. */
  id: number;
  amountMinor: number;
  /** ISO instant. */
  at: string;
  /** The bidder's username shortened to its first and last letter (k***l): others' identities stay private. */
  bidder: string;
  /** Placed by the system for a proxy bidder. */
  automatic: boolean;
  /**
   * What was checked about the bidder (issue 36, item 5), kept from identifying them: the 18+ and
   * phone checks by month only, the deals finished; no trader data and no rating.
   */
  badges: TrustBadges;
};

export type ProductDetailAuction = {
  duration: AuctionDuration | null;
  startPriceMinor: number;
  /** The leading price, the start price until the first bid. */
  currentPriceMinor: number;
  /** The lowest acceptable next bid (bid-step setting); null when the table is missing or invalid. */
  minimumNextBidMinor: number | null;
  bidCount: number;
  /** ISO instants; endedAt is set once the auction was closed. */
  endsAt: string | null;
  endedAt: string | null;
  hasReserve: boolean;
  reserveMet: boolean;
  /** Oldest first, for the price graph. */
  bids: ProductDetailBid[];
};

export type ProductDetailSeller = {
  id: number;
  username: string;
  verified: boolean;
  /** ISO instant of the registration. */
  memberSince: string;
  /** Average of the reviews the seller received (1 decimal), null without reviews. */
  ratingAverage: number | null;
  ratingCount: number;
  activeAdverts: number;
  profileUrl: string;
  /** What was checked about the seller and when (issue 36, item 5; docs/product/trust.md, "Badges"). */
  badges: TrustBadges;
};

export type ProductDetail = {
  id: number;
  format: ProductFormat;
  type: ProductType;
  status: ProductStatus;
  /** Not live: awaiting payment, scheduled, ended, sold or cancelled. */
  isPending: boolean;
  name: string;
  slug: string;
  /** Plain text; paragraphs are separated by blank lines. */
  description: string;
  /** The canonical path in the requested language, and the paths of both languages (hreflang). */
  url: string;
  paths: LocalePaths;
  category: ProductDetailCategory;
  /** From the root down to the product's own category. */
  categoryPath: ProductDetailCategory[];
  brand: string | null;
  package: string | null;
  /**
   * The price to show: auctions the current price, classifieds their price (null = by agreement),
   * shop products the selling price.
   */
  priceMinor: number | null;
  originalPriceMinor: number | null;
  isPriceSaleActive: boolean;
  taxRate: number;
  /** Shop: pieces in stock. */
  stock: number;
  /** ISO instants. */
  activationAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Whole days since the listing was inserted. */
  daysSinceInsertion: number;
  images: ProductDetailImage[];
  /** null for the operator's own shop products. */
  seller: ProductDetailSeller | null;
  auction: ProductDetailAuction | null;
  /**
   * The structured attributes (issue 37: age, strength, cask...) in the category's order of
   * importance, each with its label, its value as shown and its raw value and unit.
   */
  attributes: AttributeRow[];
};

export type ProductState = {
  id: number;
  status: ProductStatus;
  format: ProductFormat;
  endsAt: string | null;
  bidCount: number;
};
