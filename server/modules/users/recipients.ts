import { inArray } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/** A user as a notice or a mail to them needs them: address, language, name and e-mail switches. */
export type NoticeRecipient = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  locale: Locale;
  /** The stored e-mail switches per notice kind (a missing kind is on). */
  preferences: Record<string, boolean>;
  /** An anonymised account: it gets no notices. */
  deleted: boolean;
};

/** The users of `ids` that exist, by id; read through the caller's executor (its transaction). */
export async function recipientsOf(executor: Db, ids: number[]): Promise<Map<number, NoticeRecipient>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstname: users.firstname,
      locale: users.locale,
      preferences: users.notificationPreferences,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        username: row.username,
        firstname: row.firstname,
        locale: row.locale === "en" ? "en" : "cs",
        preferences: row.preferences ?? {},
        deleted: row.deletedAt !== null,
      },
    ]),
  );
}
