export { type Actor, type AdminGroup, createUserGroupsAdmin, type UserGroupsAdmin } from "./admin.ts";
export type { GroupMemberCounts } from "./contracts.ts";
export { groupDiscountSql, groupNameSql, lockGroupForMember } from "./membership.ts";
