export { createTestGateway } from "./gateways.ts";
export { issueInvoice } from "./invoices.ts";
export { createPaymentsService, variableSymbolOf } from "./service.ts";
