import type { MessageKey } from "../i18n/index.ts";

/**
 * A seller's declaration as the pages read it (issue 36, item 2; docs/product/trust.md, "Private
 * seller or trader"; ADR 0085): private person or trader, and a trader's DSA Art 30 data with
 * their ARES check. The traders module answers these; the account page, the product page, the
 * profile and the back office show them.
 */

export type SellerKind = "private" | "trader";

/** What ARES said at the last check: verified, or why not. */
export type AresCheck = "verified" | "not_found" | "ceased" | "unavailable";

/** A trader's data, as the trader typed them (name and address prefilled from ARES). */
/** The trader's fields in the order the form and the back office show them. */
export const TRADER_FIELDS = [
  "name",
  "street",
  "city",
  "zip",
  "phone",
  "email",
  "registerName",
  "registerNumber",
  "ico",
  "paymentAccount",
] as const satisfies readonly (keyof TraderData)[];

export type TraderData = {
  name: string;
  street: string;
  city: string;
  zip: string;
  phone: string;
  email: string;
  /** The trade register (e.g. "obchodní rejstřík vedený Městským soudem v Praze"). */
  registerName: string;
  /** The number in it (e.g. "C 12345", or the IČO for the trade licence register). */
  registerNumber: string;
  ico: string;
  /** The payment account, as an IBAN. */
  paymentAccount: string;
};

/** A field or step a trader has yet to complete before publishing (the back office lists them). */
export type TraderGap = keyof TraderData | "selfCertification" | "aresCheck";

/** The seller's own view of their declaration (the account page). */
export type SellerDeclarationView = {
  kind: SellerKind;
  status: "active" | "suspended";
  trader: TraderData | null;
  selfCertifiedAt: string | null;
  aresCheck: AresCheck | null;
  aresCheckedAt: string | null;
  aresVerifiedAt: string | null;
  /** What ARES has under the IČO at the last successful check (name and one-line address). */
  aresName: string | null;
  aresAddress: string | null;
  gaps: TraderGap[];
  suspension: { reasons: string; at: string } | null;
};

/** What a listing and a profile show of the seller (DSA Art 30/31; CRD Art 6a). */
export type PublicSeller =
  | { kind: "private" }
  | {
      kind: "trader";
      name: string;
      address: string;
      ico: string;
      registerName: string;
      registerNumber: string;
      email: string;
      phone: string;
      aresVerifiedAt: string | null;
    };

/** The badge's batch read (sellerKindsOf): the kind and when ARES verified a trader. */
export type SellerKindBadge = { kind: SellerKind; aresVerifiedAt: Date | null };

/** Why a seller may not publish now (the listings' gate). */
export type SellerGateCode = "seller_undeclared" | "trader_unverified" | "seller_suspended";

/** The back office's row of a trader with missing or unverified data, or a suspended seller. */
export type AdminTraderRow = {
  userId: number;
  username: string;
  kind: SellerKind;
  status: "active" | "suspended";
  name: string | null;
  ico: string | null;
  gaps: TraderGap[];
  aresCheck: AresCheck | null;
  aresCheckedAt: string | null;
  suspension: { reasons: string; at: string } | null;
};

/** Filters of the back office's list. */
export type AdminTraderFilter = "attention" | "unverified" | "suspended" | "all";

/** The message key of an ARES answer that is not a verification (the form's error under the IČO). */
export const ARES_CHECK_KEYS: Record<Exclude<AresCheck, "verified">, MessageKey> = {
  not_found: "traders.errors.aresNotFound",
  ceased: "traders.errors.aresCeased",
  unavailable: "traders.errors.aresUnavailable",
};
