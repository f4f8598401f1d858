import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import { type Err, err } from "#core/result.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import { type Address, type AddressKind, users } from "../tables.ts";

/**
 * What the account-data use cases share: their answers, the parsing of a body, the account's row.
 * Every use case takes the signed-in user's id from the session, never from the request body, so
 * one account can reach only its own rows.
 */

/** Refusals of the account-data use cases: the problems by field, in no language (ADR 0068). */
export type Invalid = Err<"invalid", { problems: FieldProblems }>;
export type Limited = Err<"limited", { problems: FieldProblems; retryAfterSeconds: number }>;

export const invalid = (problems: FieldProblems): Invalid => err("invalid", { problems });
/** One problem at one field. */
export const invalidAt = (field: string, key: Problem["key"], values?: Problem["values"]): Invalid =>
  invalid({ [field]: [values ? { key, values } : { key }] });

export type ProfileView = {
  id: number;
  email: string;
  /** A new address waiting for its confirmation link; the account keeps `email` until then. */
  pendingEmail: string | null;
  emailConfirmed: boolean;
  username: string;
  firstname: string | null;
  lastname: string | null;
  phonePrefix: string;
  phone: string | null;
  avatarFileName: string | null;
};

export type AddressView = {
  id: number;
  kind: AddressKind;
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string | null;
  isCompany: boolean;
  company: string | null;
  companyId: string | null;
  taxId: string | null;
};

export function toAddressView(row: Address): AddressView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    street: row.street,
    city: row.city,
    zip: row.zip,
    countryCode: row.countryCode,
    isCompany: Boolean(row.company || row.companyId),
    company: row.company,
    companyId: row.companyId,
    taxId: row.taxId,
  };
}

export function parse<T extends z.ZodType>(schema: T, raw: unknown) {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return { data: parsed.data as z.infer<T>, errors: null };
  return { data: null, errors: issuesToFieldProblems(parsed.error.issues) };
}

export function uniqueViolation(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current && !current.code && current.cause) current = current.cause as typeof current;
  return current?.code === "23505";
}

/** The account's row; null when it is unknown or deleted. */
export async function loadUser(db: Db, userId: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** The account's row, as loadUser reads it. */
export type AccountRow = NonNullable<Awaited<ReturnType<typeof loadUser>>>;
