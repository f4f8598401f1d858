/**
 * The payment requests' public face (issue 35, item 1; ADR 0080): the seller's agreed price in a
 * classified's conversation, which the buyer accepts into a deal. Its table and lifecycle stay
 * inside; the deal is the deals module's.
 */
export { EXPIRE_QUEUE, registerPaymentRequestJobs } from "./jobs.ts";
export {
  createPaymentRequestsService,
  type PaymentRequestsDeps,
  type PaymentRequestsService,
  REQUESTS_PER_HOUR,
} from "./service.ts";
