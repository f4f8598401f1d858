import { type Locale, type MessageKey, translate } from "../i18n/index.ts";
import type { Err } from "../result.ts";
import type { FieldProblems } from "./errors.ts";
import type { SellerGateCode } from "./traders.ts";

/**
 * The refusals of a seller's listings (codes, ADR 0068), as the server's listings module answers
 * them, with the text and the HTTP status both front doors give them: the account's listing pages
 * and the listings API say the same words.
 */

/**
 * The seller may not list now (403): the e-mail is not confirmed, the free quota is used up, or
 * the seller's declaration does not let them publish (core/contracts/traders.ts, `SellerGateCode`:
 * not declared, a trader without complete ARES-checked data, suspended).
 */
export type SellerRefusalCode = "email_not_confirmed" | "quota" | SellerGateCode;

/** The listing's state does not allow it (409). */
export type ListingStateCode =
  | "not_editable"
  | "not_cancellable"
  | "cancel_after_bid"
  | "not_relistable"
  | "already_relisted"
  | "not_sellable"
  /** A buyer's deal through the site holds the listing ("Koupit", awaiting payment). */
  | "held_by_deal"
  /** "Write to the seller" on one's own listing. */
  | "own_listing"
  /** The seller blocked the caller's conversation. */
  | "thread_blocked";

export type ListingRefusalCode = SellerRefusalCode | ListingStateCode;

export type ListingRefusal = Err<ListingRefusalCode>;
/** The form's fields, in no language yet. */
export type ListingInvalid = Err<"invalid", FieldProblems>;
export type ListingNotFound = Err<"not_found">;
/** Too many photo uploads in the window: 429 with Retry-After, a form shows the problem. */
export type UploadsLimited = Err<"limited", { problems: FieldProblems; retryAfterSeconds: number }>;

const REFUSALS: Record<ListingRefusalCode, { key: MessageKey; status: 403 | 409 }> = {
  email_not_confirmed: { key: "security.emailNotConfirmed", status: 403 },
  quota: { key: "listings.errors.quota", status: 403 },
  seller_undeclared: { key: "traders.refusals.undeclared", status: 403 },
  trader_unverified: { key: "traders.refusals.unverified", status: 403 },
  seller_suspended: { key: "traders.refusals.suspended", status: 403 },
  not_editable: { key: "listings.errors.notEditable", status: 409 },
  not_cancellable: { key: "listings.errors.notCancellable", status: 409 },
  cancel_after_bid: { key: "listings.errors.cancelAfterBid", status: 409 },
  not_relistable: { key: "listings.errors.notRelistable", status: 409 },
  already_relisted: { key: "listings.errors.alreadyRelisted", status: 409 },
  not_sellable: { key: "messages.errors.notSellable", status: 409 },
  held_by_deal: { key: "dealBuy.errors.heldByDeal", status: 409 },
  own_listing: { key: "listings.contact.own", status: 409 },
  thread_blocked: { key: "messages.errors.blocked", status: 409 },
};

/** The message key of a refusal. */
export const listingRefusalKey = (code: ListingRefusalCode): MessageKey => REFUSALS[code].key;

/** The HTTP status of a refusal: 403 for the seller's, 409 for the listing's state. */
export const listingRefusalStatus = (code: ListingRefusalCode): 403 | 409 => REFUSALS[code].status;

/** The free quota is used up: the page offers the verification that lifts it. */
export const needsVerification = (code: ListingRefusalCode): boolean => code === "quota";

/** The seller's declaration stops the listing: the page links to the declaration (issue 36, item 2). */
export const needsDeclaration = (code: ListingRefusalCode): boolean =>
  code === "seller_undeclared" || code === "trader_unverified" || code === "seller_suspended";

/** The refusal in the request's words, as a page or the API says it. */
export const listingRefusalMessage = (locale: Locale, code: ListingRefusalCode): string =>
  translate(locale, REFUSALS[code].key);
