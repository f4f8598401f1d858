import type { AresRegister } from "#core/contracts/ares.ts";
import type { Db } from "#server/db/client.ts";
import { RateLimiter } from "#server/lib/rate-limit.ts";
import type { RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";
import { createTradersAdmin } from "./admin.ts";
import type { TradersContext } from "./context.ts";
import { aresPrefill, declare } from "./declaration.ts";
import { declarationOf, publicSeller, publishRefusal, sellerKindsOf } from "./reads.ts";

export type TradersServiceDeps = {
  db: Db;
  ares: AresRegister;
  notifier: Pick<Notifier, "notify">;
  recordAudit: RecordAudit;
  now?: () => Date;
};

/** ARES lookups per seller and hour: enough for typos, too few to use us as ARES's proxy. */
const LOOKUPS_PER_HOUR = 30;

/**
 * The seller's declaration (issue 36, item 2; ADR 0085): private person or trader, a trader's
 * DSA Art 30 data checked against ARES, the listings' publishing gate, what listings and profiles
 * show, the badges' batch read and the back office's side. Answers in codes (core/result.ts).
 */
export function createTradersService({
  db,
  ares,
  notifier,
  recordAudit,
  now = () => new Date(),
}: TradersServiceDeps) {
  const ctx: TradersContext = {
    db,
    ares,
    notifier,
    now,
    lookups: new RateLimiter({
      name: "traders.ares-lookups",
      limit: LOOKUPS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    }),
  };
  return {
    declarationOf: (userId: number) => declarationOf(db, userId),
    declare: (userId: number, raw: unknown) => declare(ctx, userId, raw),
    aresPrefill: (userId: number, raw: unknown) => aresPrefill(ctx, userId, raw),
    publicSellerOf: (userId: number) => publicSeller(db, userId),
    /** The listings' gate (wired as their `sellerGate`): why the seller may not publish, or null. */
    publishRefusal: (userId: number, tx: Db = db) => publishRefusal(tx, userId),
    sellerKindsOf: (userIds: readonly number[]) => sellerKindsOf(db, userIds),
    admin: createTradersAdmin({ ...ctx, recordAudit }),
  };
}

export type TradersService = ReturnType<typeof createTradersService>;
