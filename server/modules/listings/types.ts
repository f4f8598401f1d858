import type { FieldErrors } from "#core/contracts/errors.ts";
import type { MyListing } from "#core/contracts/my-listings.ts";
import type { ImageRef, ListingInput } from "#core/schemas/listing.ts";
import type { Db } from "#server/db/client.ts";
import type { AuthUser } from "../auth/index.ts";
import type { AuctionDuration, ProductFormat, ProductType } from "./tables/products.ts";

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
  description: string;
  images: ImageRef[];
  /** null = now (or, unpaid, the moment of payment). */
  activationAt: Date | null;
  duration: AuctionDuration | null;
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

export type Invalid = { status: "invalid"; errors: FieldErrors };
/** A refusal: of the seller (e-mail, quota: 403), or of the listing's state (`conflict`: 409). */
export type Refused = { status: "refused"; message: string; needsVerification?: boolean; conflict?: boolean };
export type NotFound = { status: "not_found" };

export type CreateResult = { status: "created"; listing: MyListing } | Invalid | Refused;

/** Too many uploads in the window: the API answers 429 with Retry-After, a form shows the message. */
export type UploadsLimited = { status: "limited"; errors: FieldErrors; retryAfterSeconds: number };

export type { MyListing };
