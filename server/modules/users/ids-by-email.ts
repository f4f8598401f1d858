import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "./tables.ts";

/** The id of the account with this e-mail, regardless of case; null when there is none. */
export async function userIdByEmail(executor: Db, email: string): Promise<number | null> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}
