import { and, asc, eq } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { type AddressInput, AddressSchema } from "#core/schemas/address.ts";
import type { Db } from "#server/db/client.ts";
import { type AddressKind, addresses } from "../tables.ts";
import { type AddressView, type Invalid, invalid, parse, toAddressView } from "./shared.ts";

/** Whether a country code is on the list (a port: lists' function, passed in by server/services.ts). */
export type IsKnownCountry = (code: string) => Promise<boolean>;

export type AddressDeps = { db: Db; isKnownCountry: IsKnownCountry; now: () => Date };

async function countryErrors(deps: AddressDeps, code: string): Promise<FieldProblems> {
  return (await deps.isKnownCountry(code))
    ? {}
    : { countryCode: [{ key: "accountData.errors.countryUnknown" }] };
}

/** Inserts or updates the user's one address of a kind, inside the given transaction. */
async function writeAddress(
  tx: Db,
  at: Date,
  userId: number,
  kind: AddressKind,
  input: AddressInput,
  rowId?: number,
) {
  const values = {
    name: input.name,
    street: input.street,
    city: input.city,
    zip: input.zip,
    countryCode: input.countryCode,
    company: input.company,
    companyId: input.companyId,
    taxId: input.taxId,
  };
  if (rowId !== undefined) {
    const [row] = await tx
      .update(addresses)
      .set({ ...values, updatedAt: at })
      .where(and(eq(addresses.id, rowId), eq(addresses.userId, userId), eq(addresses.kind, kind)))
      .returning();
    return row;
  }
  const [row] = await tx
    .insert(addresses)
    .values({ userId, kind, ...values })
    .returning();
  return row;
}

async function addressRow(executor: Db, userId: number, kind: AddressKind) {
  const [row] = await executor
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)))
    .orderBy(asc(addresses.id))
    .limit(1);
  return row ?? null;
}

/** The user's addresses, one of each kind (the first stored), null where none is. */
export async function addressesOf(db: Db, userId: number): Promise<Record<AddressKind, AddressView | null>> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  const result: Record<AddressKind, AddressView | null> = { contact: null, invoice: null, delivery: null };
  for (const row of rows) result[row.kind] ??= toAddressView(row);
  return result;
}

/**
 * Saves the user's address of a kind (there is one of each). A given `id` must name that very
 * row: another user's address, or another kind, is "not found" and nothing changes.
 */
export async function saveAddress(
  deps: AddressDeps,
  userId: number,
  kind: AddressKind,
  raw: unknown,
): Promise<Ok<AddressView> | Err<"not_found"> | Invalid> {
  const { data, errors } = parse(AddressSchema, raw);
  if (!data) return invalid(errors);
  const unknown = await countryErrors(deps, data.countryCode);
  if (Object.keys(unknown).length > 0) return invalid(unknown);
  return deps.db.transaction(async (tx): Promise<Ok<AddressView> | Err<"not_found">> => {
    const existing = await addressRow(tx, userId, kind);
    if (data.id !== undefined && data.id !== existing?.id) return err("not_found");
    const row = await writeAddress(tx, deps.now(), userId, kind, data, existing?.id);
    return ok(toAddressView(row));
  });
}

/**
 * The page's form: the contact address and the invoice address together, all or nothing, so a
 * refused invoice address never leaves a half-saved pair. `invoice: null` means "same as the
 * contact address": the separate invoice address is removed. Errors are keyed contact.* and invoice.*.
 */
export async function saveContactAndInvoice(
  deps: AddressDeps,
  userId: number,
  raw: { contact: unknown; invoice: unknown | null },
): Promise<Ok<undefined> | Invalid> {
  const errors: FieldProblems = {};
  const prefixed = (prefix: string, list: FieldProblems) => {
    for (const [field, problems] of Object.entries(list)) errors[`${prefix}.${field}`] = problems;
  };
  const contact = parse(AddressSchema, raw.contact);
  if (contact.errors) prefixed("contact", contact.errors);
  else prefixed("contact", await countryErrors(deps, contact.data!.countryCode));
  const invoice = raw.invoice === null ? null : parse(AddressSchema, raw.invoice);
  if (invoice?.errors) prefixed("invoice", invoice.errors);
  else if (invoice) prefixed("invoice", await countryErrors(deps, invoice.data!.countryCode));
  if (Object.keys(errors).length > 0) return invalid(errors);
  await deps.db.transaction(async (tx) => {
    const contactRow = await addressRow(tx, userId, "contact");
    await writeAddress(tx, deps.now(), userId, "contact", contact.data!, contactRow?.id);
    const invoiceRow = await addressRow(tx, userId, "invoice");
    if (invoice?.data) await writeAddress(tx, deps.now(), userId, "invoice", invoice.data, invoiceRow?.id);
    else await tx.delete(addresses).where(and(eq(addresses.userId, userId), eq(addresses.kind, "invoice")));
  });
  return ok();
}

/** Removes the user's address of a kind; with `id`, only when it is that very row. */
export async function deleteAddress(
  db: Db,
  userId: number,
  kind: AddressKind,
  id?: number,
): Promise<boolean> {
  const removed = await db
    .delete(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.kind, kind),
        id === undefined ? undefined : eq(addresses.id, id),
      ),
    )
    .returning({ id: addresses.id });
  return removed.length > 0;
}
