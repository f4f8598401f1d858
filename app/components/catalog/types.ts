/**
 * The catalogue's shared shapes: what the server's listing queries return and what the product
 * card draws. Plain data (JSON-safe: dates are ISO strings), so loaders can hand it to the browser.
 */

export type ProductFormat = "auction" | "classified" | "shop";
export type ProductType = "supply" | "demand";
export type AuctionDuration = "week" | "month";
export type ProductStatus =
  | "draft"
  | "awaiting_payment"
  | "scheduled"
  | "active"
  | "ended"
  | "sold"
  | "cancelled"
  | "rejected"
  | "expired";

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
  /** Awaiting payment, ended, sold or expired: the card is shown greyed (spec section 2). */
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
  /** 1-based. */
  page: number;
  perPage: number;
  pageCount: number;
};

/** The brands and packages among the matching products, with counts (the filter block). */
export type ListingFacets = {
  brands: { id: number; name: string; count: number }[];
  packages: { id: number; name: string; count: number }[];
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
};
