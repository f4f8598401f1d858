import type { Locale } from "#core/i18n/index.ts";
import type { ListingFilter } from "#core/lifecycles/listing.ts";
import type { Db } from "#server/db/client.ts";
import { formOptions } from "#server/modules/catalog/index.ts";
import { createUploadLimiter } from "../media/index.ts";
import { cancel } from "./cancel.ts";
import { contactSeller } from "./contact.ts";
import type { ListingsContext, ListingsServiceDeps } from "./context.ts";
import { expireUnpaid } from "./expire.ts";
import { markSold } from "./mark-sold.ts";
import { myListing, myListings } from "./my-listings.ts";
import { releaseAfterPayment } from "./payment-release.ts";
import { relist } from "./relist.ts";
import { pruneLiveWords } from "./search/search-index.ts";
import { create, preview } from "./submission/add.ts";
import { update } from "./submission/edit.ts";
import { editable } from "./submission/editable.ts";
import { stagedViews, stageImage } from "./submission/photos.ts";
import type { ListingUser } from "./types.ts";

export { CONTACT_MESSAGE_MAX } from "./contact.ts";
export type { ListingsServiceDeps } from "./context.ts";
export type * from "./types.ts";

/**
 * User listings (issue 6): add, edit, cancel and relist auctions and classifieds, the seller's
 * own list, and the "write to the seller" thread. Status changes go through transitions.ts,
 * which checks them against the lifecycle and records each. The bidding module owns what happens
 * once a listing is live (bids, the close, the activation job): this module asks it to schedule
 * those jobs through `ListingScheduler`, inside its own transaction, so a listing is never live
 * without its close job, nor scheduled without its activation job.
 *
 * Each use case is its own file (submission/ for adding and editing, cancel, relist, expire,
 * payment-release, mark-sold, contact, my-listings); this factory gives them their context.
 */
export function createListingsService(deps: ListingsServiceDeps) {
  const ctx: ListingsContext = {
    ...deps,
    uploads: deps.uploads ?? createUploadLimiter(),
    now: deps.now ?? (() => new Date()),
  };
  const { db } = ctx;
  return {
    formOptions: (locale: Locale) => formOptions(db, locale),
    preview: (user: ListingUser, raw: unknown, locale: Locale) => preview(ctx, user, raw, locale),
    stagedViews: (userId: number, refs: readonly unknown[]) => stagedViews(ctx, userId, refs),
    create: (user: ListingUser, raw: unknown, locale: Locale) => create(ctx, user, raw, locale),
    editable: (userId: number, id: number, locale: Locale) => editable(ctx, userId, id, locale),
    update: (user: ListingUser, id: number, raw: unknown, locale: Locale) =>
      update(ctx, user, id, raw, locale),
    expireUnpaid: () => expireUnpaid(ctx),
    pruneLiveWords: () => pruneLiveWords(db),
    cancel: (user: Pick<ListingUser, "id">, id: number, locale: Locale) => cancel(ctx, user, id, locale),
    relist: (user: ListingUser, id: number, locale: Locale) => relist(ctx, user, id, locale),
    /** A sold auction whose winner did not pay, listed again without a fee (the deals decided it may). */
    relistAfterUnpaidWin: (user: ListingUser, id: number, locale: Locale) =>
      relist(ctx, user, id, locale, true),
    releaseAfterPayment: (productId: number, outer?: Db) => releaseAfterPayment(ctx, productId, outer),
    listing: (userId: number, id: number, locale: Locale) => myListing(db, userId, id, locale),
    myListings: (userId: number, options: { filter?: ListingFilter; page?: number }, locale: Locale) =>
      myListings(db, userId, options, locale),
    stageImage: (userId: number, bytes: Uint8Array) => stageImage(ctx, userId, bytes),
    contactSeller: (userId: number, productId: number, body: string | null) =>
      contactSeller(ctx, userId, productId, body),
    markSold: (user: Pick<ListingUser, "id" | "username">, id: number, buyerId: number) =>
      markSold(ctx, user, id, buyerId),
  };
}
