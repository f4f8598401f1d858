import type { Db } from "#server/db/client.ts";

/**
 * How many accounts (erased ones left out) are in each group of `groupIds`, a group without any
 * missing or 0: the accounts' rows are the users module's, which the wiring passes in
 * (`groupMemberCounts`). Run on the caller's executor (a transaction where one is open).
 */
export type GroupMemberCounts = (executor: Db, groupIds: number[]) => Promise<Map<number, number>>;
