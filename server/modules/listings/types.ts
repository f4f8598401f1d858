import type { AuctionDuration, ProductFormat, ProductType } from "#core/contracts/catalog.ts";
import type {
  ListingInvalid,
  ListingNotFound,
  ListingRefusalCode,
  SellerRefusalCode,
} from "#core/contracts/listing-refusals.ts";
import type { MyListing } from "#core/contracts/my-listings.ts";
import type { Err, Ok } from "#core/result.ts";
import type { ImageRef, ListingInput } from "#core/schemas/listing.ts";
import type { Db } from "#server/db/client.ts";
import type { AuthUser } from "../auth/index.ts";

/** What the listings use cases know of the signed-in seller. */
export type ListingUser = Pick<AuthUser, "id" | "emailConfirmed" | "group" | "username">;

/** The bidding module's job scheduling (server/modules/bidding/queues.ts), inside the caller's transaction. */
export type ListingScheduler = {
  scheduleClose(productId: number, endsAt: Date, tx?: Db): Promise<void>;
  scheduleActivation(productId: number, activationAt: Date, tx?: Db): Promise<void>;
};

export type { FormOptions } from "#server/modules/catalog/index.ts";

export type ImageView = { ref: ImageRef; url: string; width: number | null; height: number | null };

/** A listing checked and resolved: what will be stored. */
export type ResolvedListing = {
  type: ProductType;
  format: Extract<ProductFormat, "auction" | "classified">;
  categoryId: number;
  categoryPath: string[];
  brand: { id: number; name: string } | { id: null; name: string } | null;
  packageId: number;
  packageName: string;
  name: string;
  priceMinor: number | null;
  reservePriceMinor: number | null;
  buyNowPriceMinor: number | null;
  description: string;
  images: ImageRef[];
  /** null = now (or, unpaid, the moment of payment). */
  activationAt: Date | null;
  duration: AuctionDuration | null;
  /** A spirit's evidence of authenticity as submitted (undefined: not sent, the stored one stays). */
  evidence?: ListingInput["evidence"];
  /** The structured attributes as submitted (undefined: not sent, the stored ones stay). */
  attributes?: ListingInput["attributes"];
};

/** What the edit page needs: the stored listing as form input, its images and what is locked. */
export type EditableListing = {
  listing: MyListing;
  input: ListingInput;
  images: ImageView[];
  locks: EditLocks;
};

export type EditLocks = {
  /** A bid was placed: only the description and images (adding) may change. */
  afterBid: boolean;
  /** Paid or free and released (scheduled or active): type, format, duration and activation are fixed. */
  released: boolean;
};

/** A refusal: of the seller (e-mail, quota: 403), or of the listing's state (409); codes in core/contracts/listing-refusals.ts. */
export type Refused<C extends ListingRefusalCode = ListingRefusalCode> = Err<C>;
export type NotFound = ListingNotFound;

export type CreateResult = Ok<MyListing> | ListingInvalid | Refused<SellerRefusalCode>;

export type { ListingInvalid, UploadsLimited } from "#core/contracts/listing-refusals.ts";
export type { MyListing };
