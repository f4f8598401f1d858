/**
 * Tax documents (docs/product/payments.md, "Tax documents"): issued in the transaction that marks
 * an order paid, numbered in one series per year without gaps, frozen as issued; a refund's
 * correction is a credit note. The module owns `invoices` and `invoice_counters`; the orders it
 * documents are the orders module's, handed over as an `InvoicedOrder`; a deal's fees (ADR 0081)
 * are the deals module's, handed over as a `DealFeeSupply`.
 */
export { issueCreditNote } from "./credit-note.ts";
export {
  type DealFeeFacts,
  issueRequestedDealFeeDocuments,
  pendingDealFeeDocuments,
  requestDealFeeDocuments,
} from "./deal-fee-requests.ts";
export {
  creditDealFee,
  type DealFeeSupply,
  dealFeeDocument,
  documentsOfDeals,
  issueDealFeeInvoice,
} from "./deal-fees.ts";
export { type InvoiceDetailsOf, type InvoicedOrder, issueInvoice } from "./issue.ts";
export { documentsOfOrder, invoiceByNumber, invoiceNumberOf, invoiceOfOrder } from "./read.ts";
