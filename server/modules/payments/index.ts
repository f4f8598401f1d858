export { variableSymbolOf } from "./bank-account.ts";
export { createTestGateway } from "./gateways.ts";
export { issueInvoice } from "./invoices/issue.ts";
export { createPaymentsPersonalData } from "./personal-data.ts";
export { createPaymentsService, type PaymentsService } from "./service.ts";
