import type { Locale } from "#core/i18n/index.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { type DeletionDeps, eraseAccount } from "../account-data/deletion.ts";
import { loadUser } from "../account-data/shared.ts";

export type StaffErasure =
  | { status: "erased" }
  | { status: "not_found" }
  | { status: "staff" }
  | { status: "mismatch" }
  | { status: "blocked"; reasons: string[] };

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
  locale: Locale,
): Promise<StaffErasure> {
  const user = await loadUser(deps.db, userId);
  if (!user) return { status: "not_found" };
  if (isStaffRole(user.role)) return { status: "staff" };
  if (user.username.toLowerCase() !== input.username.trim().toLowerCase()) return { status: "mismatch" };
  const before = {
    email: user.email,
    username: user.username,
    role: user.role,
    groupId: user.groupId,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
  };
  const reasons = await eraseAccount(deps, user, locale, { actorId: input.actorId, ip: input.ip, before });
  if (reasons) return { status: "blocked", reasons };
  try {
    await deps.avatars.remove(user.avatarFileName);
  } catch (error) {
    deps.logger?.error({ err: error, userId }, "avatar of an erased account not removed");
  }
  return { status: "erased" };
}
