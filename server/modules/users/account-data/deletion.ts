import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Problem } from "#core/contracts/errors.ts";
import { type Ok, ok } from "#core/result.ts";
import { AccountDeletionSchema } from "#core/schemas/account.ts";
import type { Db } from "#server/db/client.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordAudit } from "../../admin/index.ts";
import type { AvatarStore } from "../avatar.ts";
import { addresses, users } from "../tables.ts";
import { checkPassword, type PasswordThrottle } from "./current-password.ts";
import { type Invalid, invalid, invalidAt, type Limited, loadUser, parse } from "./shared.ts";

/** What keeps an account from being deleted now: auctions it sells or leads that are still running. */
export type DeletionBlockers = { sellingAuctions: number; leadingAuctions: number };

/**
 * The running auctions an account sells and leads, inside the given transaction or on the database
 * (a port: listings.runningAuctionsOf, passed in by server/services.ts).
 */
export type RunningAuctionsOf = (
  executor: Db,
  userId: number,
) => Promise<{ selling: number; leading: number }>;

/** What keeps the account from being deleted now, inside the given transaction or on the database. */
export async function deletionBlockers(
  runningAuctionsOf: RunningAuctionsOf,
  executor: Db,
  userId: number,
): Promise<DeletionBlockers> {
  const { selling, leading } = await runningAuctionsOf(executor, userId);
  return { sellingAuctions: selling, leadingAuctions: leading };
}

export type DeletionDeps = {
  db: Db;
  loginThrottle: PasswordThrottle;
  runningAuctionsOf: RunningAuctionsOf;
  /** Every other module's personal data, erased in this order, before the account itself. */
  personalData: PersonalDataSource[];
  recordAudit: RecordAudit;
  avatars: AvatarStore;
  logger?: Pick<Logger, "error">;
  now: () => Date;
};

function blockerReasons(found: DeletionBlockers): Problem[] {
  const reasons: Problem[] = [];
  if (found.sellingAuctions > 0)
    reasons.push({ key: "accountData.delete.blockedSelling", values: { count: found.sellingAuctions } });
  if (found.leadingAuctions > 0)
    reasons.push({ key: "accountData.delete.blockedLeading", values: { count: found.leadingAuctions } });
  return reasons;
}

/**
 * The account's own rows: addresses go (its pending links and codes are the credentials module's,
 * a personal-data source); the row stays, anonymised, with a new e-mail and username nobody can
 * register, no password and no personal data.
 */
async function anonymise(tx: Db, userId: number, at: Date) {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx
    .update(users)
    .set({
      // Outside the registration's alphabet (no '-' in usernames), so nobody can hold these first.
      email: `deleted-${userId}-${randomBytes(6).toString("hex")}@deleted.invalid`,
      username: `smazany-${userId}`,
      // Not an argon2 hash: no password ever verifies against it.
      passwordHash: "!deleted",
      firstname: null,
      lastname: null,
      phonePrefix: "",
      phone: null,
      avatarFileName: null,
      scope: [],
      notificationPreferences: {},
      emailConfirmedAt: null,
      verifiedAt: null,
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Staff erasing someone else's account (the back office): who, from where, and what was there. */
export type ErasedBy = { actorId: number; ip: string | null; before: Record<string, unknown> };

/**
 * In one transaction, under the account's row lock: the blockers once more (an auction may have
 * started meanwhile), then every module's erasure, the account's own, and the audit record of what
 * went. The reasons it was refused, or null. `by` names the staff member when it is not the user.
 */
export async function eraseAccount(
  deps: DeletionDeps,
  user: { id: number; email: string },
  by?: ErasedBy,
): Promise<Problem[] | null> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const reasons = blockerReasons(await deletionBlockers(deps.runningAuctionsOf, tx, user.id));
    if (reasons.length > 0) return reasons;
    const at = deps.now();
    const subject = { userId: user.id, email: user.email, at };
    const done: Record<string, unknown> = {};
    for (const source of deps.personalData) Object.assign(done, await source.eraseFor(tx, subject));
    await anonymise(tx, user.id, at);
    await deps.recordAudit(tx, {
      actorId: by?.actorId ?? user.id,
      action: "user.delete",
      entity: "user",
      entityId: String(user.id),
      data: by ? { before: by.before, after: { deletedAt: at.toISOString(), ...done } } : done,
      ip: by?.ip ?? null,
    });
    return null;
  });
}

/**
 * Deletes the account by anonymising it: the row stays (bids, orders and reviews refer to it)
 * with deleted_at set, so it can never log in. Addresses, wishlist, watchdogs, newsletter
 * subscriptions and pending links go; sessions end. Unfinished listings are cancelled. While the
 * account sells or leads a running auction, nothing happens and the answer says why: a bid is
 * binding and a buyer needs a seller to reach.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  userId: number,
  raw: unknown,
  meta: { ip: string },
): Promise<Ok<undefined> | Invalid | Limited> {
  const { data, errors } = parse(AccountDeletionSchema, raw);
  if (!data) return invalid(errors);
  const user = await loadUser(deps.db, userId);
  if (!user) return invalidAt("form", "errors.unauthorized");
  const refused = await checkPassword(deps.loginThrottle, user, data.password, "password", meta);
  if (refused) return refused;
  const blocked = await eraseAccount(deps, user);
  if (blocked) return invalid({ form: blocked });
  try {
    await deps.avatars.remove(user.avatarFileName);
  } catch (error) {
    deps.logger?.error({ err: error, userId }, "avatar of a deleted account not removed");
  }
  return ok();
}
