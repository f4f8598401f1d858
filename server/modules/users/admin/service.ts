import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { AdminUserFilters, AdminUserSort } from "#core/schemas/admin-users.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor as Actor, RecordAudit } from "../../admin/index.ts";
import type { AccountDataService } from "../account-data.ts";
import { assignGroup, setVerified } from "./changes.ts";
import { userDetail } from "./detail.ts";
import { searchUsers } from "./search.ts";

/** How many of each (listings, bids, orders, payments) the user's page shows. */
export const ACTIVITY_LIMIT = 20;

type Page<Row> = Promise<{ rows: Row[]; total: number }>;

/** The shapes the owners answer (listings, bidding, payments admin-user-reads.ts), as this page reads them. */
export type ActivityListing = {
  id: number;
  name: string;
  format: string;
  status: string;
  priceMinor: number | null;
  bidCount: number;
  createdAt: string;
};
export type ActivityBid = {
  id: number;
  productId: number;
  amountMinor: number;
  maxAmountMinor: number | null;
  isAutomatic: boolean;
  createdAt: string;
};
export type ActivityOrder = {
  id: number;
  kind: string;
  status: string;
  totalMinor: number;
  createdAt: string;
  paidAt: string | null;
};
export type ActivityPayment = {
  id: number;
  orderId: number;
  method: string;
  status: string;
  amountMinor: number;
  createdAt: string;
  paidAt: string | null;
};

/**
 * What the user's page reads from the modules that own it (ports, passed in by server/wiring):
 * listings.listingsOfSeller, bidding.bidsOfUser, payments.ordersAndPaymentsOfUser, the listings'
 * names for the bids, and the auth module's live sessions.
 */
export type AdminUserActivityReads = {
  listingsOf: (userId: number, limit: number) => Page<ActivityListing>;
  bidsOf: (userId: number, limit: number) => Page<ActivityBid>;
  ordersAndPaymentsOf: (
    userId: number,
    limit: number,
  ) => Promise<{ orders: ActivityOrder[]; ordersTotal: number; payments: ActivityPayment[] }>;
  productNames: (ids: number[]) => Promise<Map<number, string>>;
  liveSessions: (userId: number) => Promise<number>;
};

/**
 * The back office's users (docs/product/back-office.md, "Users"): the accounts' table, a user's
 * page with what the other modules hold about them, a user's group (the groups themselves are the
 * user-groups module's), verification, and
 * the GDPR export and erasure the account pages also offer. Every change is audited with before
 * and after, in the change's transaction.
 */
export function createAdminUsersService(deps: {
  db: Db;
  recordAudit: RecordAudit;
  accountData: Pick<AccountDataService, "exportData" | "eraseByStaff">;
  reads: AdminUserActivityReads;
  now?: () => Date;
}) {
  const { db, reads } = deps;
  const now = deps.now ?? (() => new Date());
  const changes = { db, recordAudit: deps.recordAudit, now };

  return {
    search: (query: TableQuery<AdminUserSort>, filters: AdminUserFilters) =>
      searchUsers(db, query, filters, now()),
    detail: (userId: number) => userDetail(db, userId, now()),
    /** The user's listings, bids (named), orders and payments, and how many live sessions they have. */
    async activity(userId: number) {
      const [listings, bids, money, sessions] = await Promise.all([
        reads.listingsOf(userId, ACTIVITY_LIMIT),
        reads.bidsOf(userId, ACTIVITY_LIMIT),
        reads.ordersAndPaymentsOf(userId, ACTIVITY_LIMIT),
        reads.liveSessions(userId),
      ]);
      const names = await reads.productNames(bids.rows.map((bid) => bid.productId));
      return {
        listings,
        bids: {
          rows: bids.rows.map((bid) => ({ ...bid, productName: names.get(bid.productId) ?? null })),
          total: bids.total,
        },
        orders: { rows: money.orders, total: money.ordersTotal },
        payments: money.payments,
        sessions,
      };
    },
    assignGroup: (userId: number, groupId: number | null, actor: Actor) =>
      assignGroup(changes, userId, groupId, actor),
    setVerified: (userId: number, change: { verified: boolean; reason: string }, actor: Actor) =>
      setVerified(changes, userId, change, actor),
    /** The GDPR export of someone's data for the operator; the download itself is audited. */
    async exportData(userId: number, actor: Actor) {
      const data = await deps.accountData.exportData(userId);
      if (data) {
        await deps.recordAudit(db, {
          ...actor,
          action: "user.export",
          entity: "user",
          entityId: String(userId),
          data: { before: null, after: { sections: Object.keys(data) } },
        });
      }
      return data;
    },
    erase: (userId: number, input: { username: string }, actor: Actor) =>
      deps.accountData.eraseByStaff(userId, { ...input, actorId: actor.actorId, ip: actor.ip ?? null }),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
export type { AdminUserDetail } from "./detail.ts";
export type { StaffErasure } from "./erasure.ts";
export type { AdminUserRow } from "./search.ts";
