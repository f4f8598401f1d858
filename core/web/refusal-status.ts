import type { BidRefusal } from "../contracts/bidding.ts";

/**
 * The HTTP status of a refused bid, for both front doors (the API and the product page's action):
 * the contract names refusals, this picks their statuses. 404 unknown, 403 not allowed to bid, 409 not live, 422 the amounts.
 */
export function refusalStatus(reason: BidRefusal): 403 | 404 | 409 | 422 {
  switch (reason) {
    case "not_found":
      return 404;
    case "own_item":
    case "email_not_confirmed":
    case "adult_not_confirmed":
    case "age_unverified":
      return 403;
    case "not_active":
    case "ended":
      return 409;
    default:
      return 422;
  }
}
