import { and, desc, eq, isNull, ne, or } from "drizzle-orm";
import type { AdminTraderFilter, AdminTraderRow } from "#core/contracts/traders.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { RecordAudit } from "../admin/index.ts";
import { publicNamesOf } from "../users/index.ts";
import type { TradersContext } from "./context.ts";
import { aresColumns, checkIco } from "./declaration.ts";
import { gapsOf, viewOf } from "./rows.ts";
import { type SellerDeclarationRow, sellerDeclarations } from "./tables.ts";
import { lockDeclaration, reinstateSeller, suspendSeller, updateDeclaration } from "./transitions.ts";

/**
 * The back office's traders (issue 36, item 2; docs/product/back-office.md, "Traders"): the
 * traders with missing or unverified data and the suspended sellers, each with what is missing;
 * a re-check against ARES; a suspension with a statement of reasons, and its lifting. Every action
 * is audited; the seller is told in their language (a system message and a mail).
 */

export type StaffActor = { actorId: number; ip: string | null };
type AdminContext = TradersContext & { recordAudit: RecordAudit };

const LIST_LIMIT = 200;
/** A statement of reasons says the facts and the grounds: a few words are not one. */
const MIN_REASONS = 20;

function rowOf(row: SellerDeclarationRow, username: string): AdminTraderRow {
  const view = viewOf(row);
  return {
    userId: row.userId,
    username,
    kind: row.kind,
    status: row.status,
    name: row.name,
    ico: row.ico,
    gaps: view.gaps,
    aresCheck: view.aresCheck,
    aresCheckedAt: view.aresCheckedAt,
    suspension: view.suspension,
  };
}

function matches(row: SellerDeclarationRow, filter: AdminTraderFilter): boolean {
  const gaps = gapsOf(row);
  if (filter === "suspended") return row.status === "suspended";
  if (filter === "unverified") return row.kind === "trader" && gaps.includes("aresCheck");
  if (filter === "attention") return row.status === "suspended" || gaps.length > 0;
  return row.kind === "trader" || row.status === "suspended";
}

async function list(ctx: AdminContext, filter: AdminTraderFilter): Promise<AdminTraderRow[]> {
  const rows = await ctx.db
    .select()
    .from(sellerDeclarations)
    .where(
      and(
        isNull(sellerDeclarations.accountEndedAt),
        or(ne(sellerDeclarations.kind, "private"), eq(sellerDeclarations.status, "suspended")),
      ),
    )
    .orderBy(desc(sellerDeclarations.updatedAt))
    .limit(LIST_LIMIT);
  const shown = rows.filter((row) => matches(row, filter));
  const names = await publicNamesOf(
    ctx.db,
    shown.map((row) => row.userId),
  );
  const usernames = new Map(names.map((name) => [name.id, name.username]));
  return shown.map((row) => rowOf(row, usernames.get(row.userId) ?? `#${row.userId}`));
}

/** Asks ARES again about the trader's IČO and stores what it says. */
async function recheck(
  ctx: AdminContext,
  userId: number,
  by: StaffActor,
): Promise<Result<AdminTraderRow, "not_found" | "limited">> {
  const [row] = await ctx.db.select().from(sellerDeclarations).where(eq(sellerDeclarations.userId, userId));
  if (row?.kind !== "trader" || !row.ico) return err("not_found");
  const checked = await checkIco(ctx, by.actorId, row.ico);
  if (!checked.ok) return checked;
  const at = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const columns = aresColumns(checked.value, at, await lockDeclaration(tx, userId));
    const saved = await updateDeclaration(tx, userId, columns, at);
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: "trader.recheck",
      entity: "user",
      entityId: String(userId),
      data: { ico: row.ico, aresCheck: columns.aresCheck },
      ip: by.ip,
    });
    return saved;
  });
  return ok(rowOf(updated, ""));
}

/** Suspends the seller with a statement of reasons; the seller is told. */
async function suspend(
  ctx: AdminContext,
  userId: number,
  reasons: string,
  by: StaffActor,
): Promise<Result<undefined, "not_found" | "invalid" | "already">> {
  const text = reasons.trim();
  if (text.length < MIN_REASONS) return err("invalid");
  return ctx.db.transaction(async (tx) => {
    const row = await lockDeclaration(tx, userId);
    if (!row || row.accountEndedAt) return err("not_found");
    if (row.status === "suspended") return err("already");
    await suspendSeller(tx, row, { actorId: by.actorId, reasons: text }, ctx.now());
    await ctx.notifier.notify(tx, userId, "account_restricted", {
      variant: "trader",
      values: { reason: text },
      link: { page: "accountSellerDeclaration" },
    });
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: "trader.suspend",
      entity: "user",
      entityId: String(userId),
      data: { reasons: text },
      ip: by.ip,
    });
    return ok();
  });
}

/** Lifts the suspension; the seller is told. */
async function reinstate(
  ctx: AdminContext,
  userId: number,
  by: StaffActor,
): Promise<Result<undefined, "not_found" | "already">> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockDeclaration(tx, userId);
    if (!row || row.accountEndedAt) return err("not_found");
    if (row.status !== "suspended") return err("already");
    await reinstateSeller(tx, row, ctx.now());
    await ctx.notifier.notify(tx, userId, "account_restored", {
      variant: "trader",
      link: { page: "accountSellerDeclaration" },
    });
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: "trader.reinstate",
      entity: "user",
      entityId: String(userId),
      data: { before: row.suspensionReasons },
      ip: by.ip,
    });
    return ok();
  });
}

export function createTradersAdmin(ctx: AdminContext) {
  return {
    list: (filter: AdminTraderFilter) => list(ctx, filter),
    recheck: (userId: number, by: StaffActor) => recheck(ctx, userId, by),
    suspend: (userId: number, reasons: string, by: StaffActor) => suspend(ctx, userId, reasons, by),
    reinstate: (userId: number, by: StaffActor) => reinstate(ctx, userId, by),
  };
}

export type TradersAdmin = ReturnType<typeof createTradersAdmin>;
