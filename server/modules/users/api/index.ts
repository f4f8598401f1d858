export { accountApi } from "./account.ts";
export { adminUsersApi } from "./admin-users.ts";
export { securityApi } from "./security.ts";
