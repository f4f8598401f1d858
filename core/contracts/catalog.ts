import type { Locale } from "../i18n/index.ts";
import type { AttributeFacet, AttributeFilter } from "./listing-attributes.ts";

/**
 * The catalogue's shared shapes: what the server's listing queries return and what the product
 * card draws. Plain data (JSON-safe: dates are ISO strings), so loaders can hand it to the browser.
 */

/** The three kinds of listing: user auctions and classifieds, and the operator's shop products. */
export const PRODUCT_FORMATS = ["auction", "classified", "shop"] as const;
/** A user's listing offers an item (supply) or asks for one (demand). */
export const PRODUCT_TYPES = ["supply", "demand"] as const;
/** The listing lifecycle (docs/product/lifecycles.md; the transitions are core/lifecycles/listing.ts). */
export const PRODUCT_STATUSES = [
  "draft",
  // Waits for a moderator: a new listing in a pre-moderated category (docs/product/back-office.md, "Moderation").
  "in_review",
  "awaiting_payment",
  "scheduled",
  "active",
  "ended",
  "sold",
  "cancelled",
  "rejected",
  "expired",
] as const;
export const AUCTION_DURATIONS = ["week", "month"] as const;
/** How a bid was placed: typed by the bidder, raised by the proxy on their behalf, or a raise of their maximum. */
export const BID_KINDS = ["manual", "automatic", "max_raise"] as const;

export type ProductFormat = (typeof PRODUCT_FORMATS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type AuctionDuration = (typeof AUCTION_DURATIONS)[number];
export type BidKind = (typeof BID_KINDS)[number];

export type ListingSort =
  | "recommended"
  | "ending"
  | "newest"
  | "price_asc"
  | "price_desc"
  | "bids"
  | "relevance";

/** One product as a card shows it (ProductCard). */
export type ProductCardData = {
  id: number;
  /** In the requested language (Czech when English is missing). */
  name: string;
  /** Canonical detail path: `/{id}/{categorySlug}/{productSlug}`, `/en/{id}/...` in English. */
  url: string;
  /** The main image (`src` = `${path}/${fileName}`), or null when the product has none. */
  image: { src: string; alt: string } | null;
  /**
   * The effective price in CZK minor units: an auction's current price (its start price before the
   * first bid), a classified's or shop product's price; null = by agreement (dohodou).
   */
  priceMinor: number | null;
  /**
   * On sale: a shop product's price before the sale, or an auction's start before the seller
   * lowered it; shown struck through; else null.
   */
  originalPriceMinor: number | null;
  format: ProductFormat;
  type: ProductType;
  status: ProductStatus;
  /**
   * Awaiting payment, ended, sold or expired: the card is shown greyed (docs/product/screens.md,
   * "Parts of every page").
   */
  pending: boolean;
  /** Promoted (topovaný) right now: highlighted, and listed first. */
  topped: boolean;
  /** Auctions: when the auction ends (ISO instant); null for other formats. */
  endsAt: string | null;
  bidCount: number;
  /** The seller's account is verified (the operator's own shop counts as verified). */
  sellerVerified: boolean;
  /** The seller's rating from reviews after deals (average to one decimal); null before the first. */
  sellerRating: { average: number; count: number } | null;
  brandName: string | null;
};

/** A page of cards with what pagination needs. */
export type ProductPage = {
  items: ProductCardData[];
  total: number;
  /**
   * The count stopped at the cap (ADR 0034): at least `total` products match ("1 000+"), and the
   * pages reach only that far. Absent when the total is exact.
   */
  totalCapped?: boolean;
  /** 1-based. */
  page: number;
  perPage: number;
  pageCount: number;
};

/** The brands and packages among the matching products, with counts (the filter block). */
export type ListingFacets = {
  brands: { id: number; name: string; count: number }[];
  packages: { id: number; name: string; count: number }[];
  /** The counts are a capped sample's (the total read "1 000+"): at least these many. */
  capped?: boolean;
  /**
   * The facet attributes (issue 37) of a category page or a search, in order of importance: only
   * those some matching listing has a value of (or whose filter is on); absent when none.
   */
  attributes?: AttributeFacet[];
};

/** A link in a category path or list. */
export type CategoryLink = { id: number; slug: string; name: string; url: string };

/** A category page's category: its ancestors (root first, without itself) and its subcategories. */
export type CategoryDetail = CategoryLink & {
  description: string | null;
  path: CategoryLink[];
  children: CategoryLink[];
  /** The same category's path in each language (for the language switcher and hreflang). */
  urls: { cs: string; en: string };
  /** Its slug in each language (English falls back to Czech): a URL may carry either. */
  slugs: { cs: string; en: string };
};

/** The answer of `GET /api/catalog/autocomplete`. */
export type AutocompleteResult = {
  products: { id: number; name: string; url: string; context: string | null }[];
  categories: { id: number; name: string; url: string; context: string | null }[];
  /** A few bottlings (issue 37) whose words start with those typed; the context is the brand. */
  bottlings?: { id: number; name: string; url: string; context: string | null }[];
};

export type ListingQuery = {
  locale: Locale;
  /** The category and all its (active) descendants. */
  categoryId?: number;
  formats?: ProductFormat[];
  types?: ProductType[];
  /** Auctions of these durations only (implies auctions). */
  durations?: AuctionDuration[];
  /** The effective price (see ProductCardData.priceMinor), CZK minor units, inclusive. */
  priceMinMinor?: number;
  priceMaxMinor?: number;
  brandIds?: number[];
  packageIds?: number[];
  /** Structured attributes (issue 37): each filter's values or range; all of them must hold. */
  attributes?: AttributeFilter[];
  /** Products of verified sellers and the operator's own shop. */
  verifiedSellerOnly?: boolean;
  /** Live auctions that end within this many hours. */
  endingWithinHours?: number;
  sellerId?: number;
  ids?: number[];
  excludeIds?: number[];
  toppedOnly?: boolean;
  /** On sale: shop products with an active sale price below the original (see SALE). */
  onSale?: boolean;
  /** Products that went live (activation, else creation) within this many days ("new products"). */
  activatedWithinDays?: number;
  /** Search words (diacritics and case ignored, one typo tolerated per longer word). */
  q?: string;
  /** Default: active only. */
  statuses?: ProductStatus[];
  /**
   * Default: recommended. Only "recommended" puts topped (promoted) products first; every other
   * sort is obeyed exactly (docs/product/listing-order-and-sales.md).
   */
  sort?: ListingSort;
  /** 1-based; default 1. */
  page?: number;
  /** At most MAX_PER_PAGE; default DEFAULT_PER_PAGE. */
  perPage?: number;
  /** "Now" for topped and ending-within (tests); default the current time. */
  now?: Date;
};
