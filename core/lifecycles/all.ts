import { bottlingLifecycle } from "./bottling.ts";
import { dealLifecycle } from "./deal.ts";
import { disputeLifecycle } from "./dispute.ts";
import { listingLifecycle } from "./listing.ts";
import { complaintLifecycle, reportLifecycle } from "./moderation.ts";
import { orderLifecycle } from "./order.ts";
import { paymentLifecycle } from "./payment.ts";
import { paymentRequestLifecycle } from "./payment-request.ts";
import { sellerLifecycle } from "./seller.ts";
import { shillSignalLifecycle } from "./shill-signal.ts";
import { testGatewayLifecycle } from "./test-gateway.ts";

/**
 * Every lifecycle, one per status column of the schema (`tests/architecture/status-writes.test.ts`
 * names the column each governs), in the order docs/product/lifecycles.md shows them.
 */
export const LIFECYCLES = [
  listingLifecycle,
  orderLifecycle,
  paymentLifecycle,
  dealLifecycle,
  disputeLifecycle,
  paymentRequestLifecycle,
  reportLifecycle,
  complaintLifecycle,
  shillSignalLifecycle,
  testGatewayLifecycle,
  sellerLifecycle,
  bottlingLifecycle,
];
