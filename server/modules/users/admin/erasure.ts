import type { Problem } from "#core/contracts/errors.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { type DeletionDeps, eraseAccount } from "../account-data/deletion.ts";
import { loadUser } from "../account-data/shared.ts";

/** Refused: no such account, a staff account, the username typed wrong, or running auctions (the reasons). */
export type StaffErasure =
  | Ok<undefined>
  | Err<"not_found" | "staff" | "mismatch">
  | Err<"blocked", { reasons: Problem[] }>;

/**
 * The operator erases an account on the user's request (GDPR art. 17), the same erasure as the
 * account's own deletion (account-data/deletion.ts) without the user's password: the username typed
 * again confirms it is this account. Staff accounts are refused (their role is taken away first, on
 * the staff page), and so is an account the user's own deletion would refuse (running auctions it
 * sells or leads). The audit record names the operator and keeps what the account was.
 */
export async function eraseByStaff(
  deps: DeletionDeps,
  userId: number,
  input: { username: string; actorId: number; ip: string | null },
): Promise<StaffErasure> {
  const user = await loadUser(deps.db, userId);
  if (!user) return err("not_found");
  if (isStaffRole(user.role)) return err("staff");
  if (user.username.toLowerCase() !== input.username.trim().toLowerCase()) return err("mismatch");
  const before = {
    email: user.email,
    username: user.username,
    role: user.role,
    groupId: user.groupId,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
  };
  const reasons = await eraseAccount(deps, user, { actorId: input.actorId, ip: input.ip, before });
  if (reasons) return err("blocked", { reasons });
  try {
    await deps.avatars.remove(user.avatarFileName);
  } catch (error) {
    deps.logger?.error({ err: error, userId }, "avatar of an erased account not removed");
  }
  return ok();
}
