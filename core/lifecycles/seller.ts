import { CREATED, defineLifecycle } from "./define.ts";

/**
 * A seller's declaration (issue 36, item 2; docs/product/trust.md, "Private seller or trader"):
 * made by the seller (private person or trader), suspended by staff with a statement of reasons
 * (a trader whose DSA Art 30 data are false or missing), and the suspension lifted.
 *
 *   (new) -> active <-> suspended
 *
 * Only server/modules/traders/transitions.ts writes a declaration's status.
 */
export const SELLER_STATUSES = ["active", "suspended"] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const sellerLifecycle = defineLifecycle({
  name: "seller_declaration",
  statuses: SELLER_STATUSES,
  transitions: {
    declare: { from: CREATED, to: ["active"], by: "seller", guard: "the seller's first declaration" },
    suspend: {
      from: ["active"],
      to: ["suspended"],
      by: "staff",
      guard: "staff with the users scope, with a statement of reasons; the seller is told",
    },
    reinstate: {
      from: ["suspended"],
      to: ["active"],
      by: "staff",
      guard: "staff with the users scope; the seller is told",
    },
  },
});

export type SellerTransition = keyof typeof sellerLifecycle.transitions;
