import { asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { type AdminVoucherInput, USER_NUMBER } from "#core/schemas/admin-orders-vouchers.ts";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import { fromPragueLocalInput, toPragueLocalInput } from "#core/time/prague.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";
import type { Db } from "#server/db/client.ts";
import type { OrdersContext } from "../context.ts";
import { type Voucher, vouchers } from "../tables.ts";

/**
 * The back office's vouchers (docs/product/payments.md, "Vouchers"): the list with their uses,
 * creating and editing one with every rule the shop enforces, and the influencer (a user) who sees
 * its statistics on their account. Every change is audited with before and after.
 */
export type AdminVoucherRow = {
  id: number;
  code: string;
  kind: Voucher["kind"];
  value: number;
  isActive: boolean;
  validFrom: string | null;
  validTo: string | null;
  usageLimitTotal: number | null;
  influencerUserId: number | null;
  /** The influencer's name and e-mail; null without one. */
  influencer: VoucherInfluencer | null;
  uses: number;
};

/** The influencer as the back office shows them: number, username, first name, e-mail. */
export type VoucherInfluencer = { id: number; username: string; firstname: string | null; email: string };

async function influencersOf(ctx: OrdersContext, ids: (number | null)[]) {
  const wanted = ids.filter((id): id is number => id !== null);
  const contacts = await ctx.users.contactsOf(ctx.db, wanted);
  return (id: number | null): VoucherInfluencer | null => {
    const contact = id === null ? undefined : contacts.get(id);
    return contact
      ? { id: contact.id, username: contact.username, firstname: contact.firstname, email: contact.email }
      : null;
  };
}

// Qualified by hand: inside a select list Drizzle writes columns without their table, and the
// subquery's own \`id\` would shadow the voucher's.
const usesOf =
  sql<number>`(select count(*) from "voucher_usages" as u where u."voucher_id" = "vouchers"."id")`.mapWith(
    Number,
  );

export async function vouchersPage(
  ctx: OrdersContext,
  query: TableQuery<"createdAt" | "code">,
): Promise<TablePage<AdminVoucherRow>> {
  const db = ctx.db;
  const where = query.q ? ilike(vouchers.code, `%${query.q}%`) : undefined;
  const column = query.sort === "code" ? vouchers.code : vouchers.createdAt;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ voucher: vouchers, uses: usesOf })
    .from(vouchers)
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(vouchers.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(vouchers).where(where);
  const influencerOf = await influencersOf(
    ctx,
    rows.map((row) => row.voucher.influencerUserId),
  );
  return {
    rows: rows.map(({ voucher, uses }) => ({
      id: voucher.id,
      code: voucher.code,
      kind: voucher.kind,
      value: voucher.value,
      isActive: voucher.isActive,
      validFrom: voucher.validFrom?.toISOString() ?? null,
      validTo: voucher.validTo?.toISOString() ?? null,
      usageLimitTotal: voucher.usageLimitTotal,
      influencerUserId: voucher.influencerUserId,
      influencer: influencerOf(voucher.influencerUserId),
      uses,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/**
 * The form's values of a voucher (amounts in whole CZK, dates in Prague's local time, the
 * influencer by their e-mail) and who the influencer is; null when missing.
 */
export async function voucherForm(ctx: OrdersContext, id: number) {
  const [row] = await ctx.db
    .select({ voucher: vouchers, uses: usesOf })
    .from(vouchers)
    .where(eq(vouchers.id, id));
  if (!row) return null;
  const { voucher } = row;
  const influencer = (await influencersOf(ctx, [voucher.influencerUserId]))(voucher.influencerUserId);
  return {
    id: voucher.id,
    uses: row.uses,
    influencer,
    values: {
      code: voucher.code,
      kind: voucher.kind,
      value: voucher.kind === "fixed" ? Math.round(voucher.value / 100) : voucher.value,
      minCart: voucher.minCartMinor === null ? undefined : Math.round(voucher.minCartMinor / 100),
      validFrom: voucher.validFrom ? toPragueLocalInput(voucher.validFrom) : undefined,
      validTo: voucher.validTo ? toPragueLocalInput(voucher.validTo) : undefined,
      usageLimitTotal: voucher.usageLimitTotal ?? undefined,
      usageLimitPerUser: voucher.usageLimitPerUser ?? undefined,
      requiresEmail: voucher.requiresEmail ?? undefined,
      influencer: influencer?.email ?? voucher.influencerUserId?.toString(),
      marginPercent: voucher.marginPercent ?? undefined,
      isActive: voucher.isActive,
    } satisfies AdminVoucherInput,
  };
}

function columnsOf(input: AdminVoucherInput, influencerUserId: number | null) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "fixed" ? input.value * 100 : input.value,
    minCartMinor: input.minCart === undefined ? null : input.minCart * 100,
    validFrom: input.validFrom ? fromPragueLocalInput(input.validFrom) : null,
    validTo: input.validTo ? fromPragueLocalInput(input.validTo) : null,
    usageLimitTotal: input.usageLimitTotal ?? null,
    usageLimitPerUser: input.usageLimitPerUser ?? null,
    requiresEmail: input.requiresEmail ?? null,
    influencerUserId,
    marginPercent: input.marginPercent ?? null,
    isActive: input.isActive,
  };
}

/** Ok with the voucher's id; refused: no such voucher, or the field the database refused. */
export type SaveVoucherResult =
  | Ok<{ id: number }>
  | Err<"not_found">
  | Err<"invalid", { field: "code" | "influencer" }>;

/** What the database refused: a code taken (any case), or an influencer who does not exist. */
function refusal(error: unknown): SaveVoucherResult | null {
  const text = `${(error as { code?: string }).code ?? ""} ${String((error as Error).message ?? "")} ${String((error as { cause?: Error }).cause?.message ?? "")} ${(error as { cause?: { code?: string } }).cause?.code ?? ""}`;
  if (/23505|vouchers_code_lower_unique/.test(text)) return err("invalid", { field: "code" as const });
  if (/23503|influencer_user_id/.test(text)) return err("invalid", { field: "influencer" as const });
  return null;
}

/**
 * The account the influencer field names, by its number or its e-mail (the users module's
 * lookups); null for none given, "unknown" for no such account or an erased one.
 */
async function influencerIdOf(ctx: OrdersContext, tx: Db, given: string | undefined) {
  if (given === undefined) return null;
  const id = USER_NUMBER.test(given) ? Number(given) : await ctx.users.idByEmail(tx, given);
  if (id === null || id < 1 || id > MAX_INT4) return "unknown" as const;
  const contact = (await ctx.users.contactsOf(tx, [id])).get(id);
  return contact && !contact.deleted ? id : ("unknown" as const);
}

/**
 * Creates (`id` null) or updates a voucher, audited; a taken code or an unknown influencer (no
 * account with that number or e-mail) is refused.
 */
export async function saveVoucher(
  ctx: OrdersContext,
  id: number | null,
  input: AdminVoucherInput,
  actorId: number,
): Promise<SaveVoucherResult> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const influencerUserId = await influencerIdOf(ctx, tx, input.influencer);
      if (influencerUserId === "unknown") return err("invalid", { field: "influencer" as const });
      const values = columnsOf(input, influencerUserId);
      const [before] =
        id === null ? [] : await tx.select().from(vouchers).where(eq(vouchers.id, id)).for("update");
      if (id !== null && !before) return err("not_found");
      const [saved] =
        id === null
          ? await tx.insert(vouchers).values(values).returning()
          : await tx
              .update(vouchers)
              .set({ ...values, updatedAt: ctx.now() })
              .where(eq(vouchers.id, id))
              .returning();
      await ctx.recordAudit(tx, {
        actorId,
        action: id === null ? "voucher.create" : "voucher.update",
        entity: "voucher",
        entityId: String(saved.id),
        data: { before: before ?? null, after: saved },
      });
      return ok({ id: saved.id });
    });
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
}
