import type { OwnerActions } from "../lifecycles/listing.ts";
import type { Fee } from "../rules/fees.ts";
import type { AuctionDuration, ProductFormat, ProductStatus, ProductType } from "./catalog.ts";

/** A listing as "My listings" shows it: what the API answers and the screen's row reads. */
export type MyListing = {
  id: number;
  format: ProductFormat;
  type: ProductType;
  status: ProductStatus;
  name: string;
  url: string;
  imageUrl: string | null;
  categoryName: string;
  bidCount: number;
  /** Auction: the leading price (the start price before the first bid); classified: its price (null = by agreement). */
  priceMinor: number | null;
  startPriceMinor: number | null;
  reservePriceMinor: number | null;
  watchers: number;
  duration: AuctionDuration | null;
  activationAt: string | null;
  endsAt: string | null;
  endedAt: string | null;
  createdAt: string;
  fee: (Fee & { paid: boolean }) | null;
  actions: OwnerActions;
  /** The new listing this one was listed again as. */
  relistedAsId: number | null;
  /** Promoted (topped) until then; null when not promoted now. */
  toppedUntil: string | null;
};
