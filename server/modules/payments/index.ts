export { createTestGateway } from "./gateways.ts";
export { issueInvoice } from "./invoices.ts";
export { createPaymentsPersonalData } from "./personal-data.ts";
export { createPaymentsService, variableSymbolOf } from "./service.ts";
