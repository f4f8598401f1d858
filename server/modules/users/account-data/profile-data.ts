import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { type Ok, ok } from "#core/result.ts";
import { type ProfileInput, ProfileSchema } from "#core/schemas/account.ts";
import type { Db } from "#server/db/client.ts";
import type { PendingEmail } from "../contracts.ts";
import { users } from "../tables.ts";
import {
  type Invalid,
  invalid,
  invalidAt,
  loadUser,
  type ProfileView,
  parse,
  uniqueViolation,
} from "./shared.ts";

/** The account's profile as its own pages and /api/me/profile show it. */
export async function profile(
  db: Db,
  pendingEmail: PendingEmail,
  userId: number,
  now: () => Date,
): Promise<ProfileView | null> {
  const user = await loadUser(db, userId);
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    pendingEmail: await pendingEmail(user.id, user.email, now()),
    emailConfirmed: user.emailConfirmedAt !== null,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    phonePrefix: user.phonePrefix,
    phone: user.phone,
    avatarFileName: user.avatarFileName,
  };
}

/** A username or phone another account has, by field. */
async function takenErrors(db: Db, userId: number, data: ProfileInput): Promise<FieldProblems> {
  const taken = await db
    .select({ username: users.username, phone: users.phone, prefix: users.phonePrefix })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(
          sql`lower(${users.username}) = lower(${data.username})`,
          data.phone ? and(eq(users.phone, data.phone), eq(users.phonePrefix, data.phonePrefix)) : undefined,
        ),
      ),
    );
  const duplicates: FieldProblems = {};
  for (const row of taken) {
    if (row.username.toLowerCase() === data.username.toLowerCase())
      duplicates.username = [{ key: "registration.errors.usernameTaken" }];
    if (data.phone && row.phone === data.phone && row.prefix === data.phonePrefix)
      duplicates.phone = [{ key: "registration.errors.phoneTaken" }];
  }
  return duplicates;
}

/** Name, username and phone. A username or phone another account has is refused by name. */
export async function updateProfile(
  { db, pendingEmail }: { db: Db; pendingEmail: PendingEmail },
  now: () => Date,
  userId: number,
  raw: unknown,
): Promise<Ok<ProfileView> | Invalid> {
  const { data, errors } = parse(ProfileSchema, raw);
  if (!data) return invalid(errors);
  const duplicates = await takenErrors(db, userId, data);
  if (Object.keys(duplicates).length > 0) return invalid(duplicates);
  try {
    await db
      .update(users)
      .set({
        firstname: data.firstname,
        lastname: data.lastname,
        username: data.username,
        phonePrefix: data.phonePrefix,
        phone: data.phone || null,
        // The verification was of the old number: a new one has to be confirmed again.
        verifiedAt: sql`case when ${users.phonePrefix} is not distinct from ${data.phonePrefix}
          and ${users.phone} is not distinct from ${data.phone || null} then ${users.verifiedAt} end`,
        updatedAt: now(),
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  } catch (error) {
    // Another account took the name between the check and the update.
    if (!uniqueViolation(error)) throw error;
    return invalidAt("username", "registration.errors.usernameTaken");
  }
  return ok((await profile(db, pendingEmail, userId, now))!);
}
