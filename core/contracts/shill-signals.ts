import type { ShillSignalStatus } from "../lifecycles/shill-signal.ts";

/**
 * The shill-bidding signals the moderators' back office shows (docs/product/trust.md,
 * "Shill-bidding signals"; ADR 0087): what each kind is, the evidence it carries as numbers and
 * facts a moderator can check, and the rows of the list and the detail. Staff only: the real
 * identities of bidders never leave the back office.
 */

export const SHILL_SIGNAL_KINDS = [
  "concentration",
  "shared_device",
  "shared_ip",
  "shared_address",
  "never_wins",
  "late_new_account",
] as const;
export type ShillSignalKind = (typeof SHILL_SIGNAL_KINDS)[number];

/** The evidence of one signal, by kind; instants as ISO strings. */
export type ShillEvidence =
  | {
      kind: "concentration";
      /** The bidder's own bids (not the system's proxy bids) in the window. */
      bids: number;
      /** Of those, on this seller's lots. */
      onSeller: number;
      days: number;
    }
  | {
      kind: "shared_device" | "shared_ip";
      /** The first 8 characters of the keyed hash both accounts were seen with (never the raw value). */
      fingerprint: string;
      bidderSince: string;
      sellerSince: string;
    }
  | { kind: "shared_address"; street: string; zip: string }
  | {
      kind: "never_wins";
      /** The seller's ended auctions whose price the bidder raised. */
      raised: number;
      won: number;
      /** Other sellers' ended auctions the bidder raised in the window. */
      endedElsewhere: number;
    }
  | {
      kind: "late_new_account";
      /** The account's creation. */
      accountCreatedAt: string;
      /** The lots the account bid on within its first days, in the last minutes before the end. */
      lateBids: number;
      /** The closest of those bids to its lot's end, in seconds. */
      closestSeconds: number;
    };

export type ShillAccount = { id: number; username: string; email: string; deleted: boolean };

export type ShillLot = { id: number; name: string; endsAt: string | null; endedAt: string | null };

/** A row of the moderators' list. */
export type ShillSignalRow = {
  id: number;
  kind: ShillSignalKind;
  status: ShillSignalStatus;
  bidder: ShillAccount;
  seller: ShillAccount;
  evidence: ShillEvidence;
  lots: number;
  detectedAt: string;
  updatedAt: string;
};

/** One bid of a lot's history, with the bidder's real identity (staff only). */
export type ShillBid = {
  id: number;
  productId: number;
  bidder: ShillAccount;
  amountMinor: number;
  automatic: boolean;
  at: string;
};

/** The detail: the row, its lots with their bid histories, and the moderator's decision if any. */
export type ShillSignalDetail = ShillSignalRow & {
  lotList: (ShillLot & { sellerId: number | null; winnerId: number | null; bids: ShillBid[] })[];
  decision: {
    by: string | null;
    at: string;
    note: string | null;
    moderationDecisionId: number | null;
  } | null;
};
