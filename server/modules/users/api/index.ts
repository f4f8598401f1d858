export { accountApi } from "./account.ts";
export { securityApi } from "./security.ts";
