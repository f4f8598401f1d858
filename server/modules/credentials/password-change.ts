import type { FieldProblems } from "#core/contracts/errors.ts";
import { type Ok, ok } from "#core/result.ts";
import { passwordErrors } from "#core/rules/passwords.ts";
import { PasswordChangeSchema } from "#core/schemas/account.ts";
import type { Db } from "#server/db/client.ts";
import { hashPassword } from "../auth/index.ts";
import {
  accountRow,
  checkCurrentPassword,
  type Invalid,
  invalid,
  invalidAt,
  type Limited,
  type PasswordThrottle,
  parseAccountInput,
} from "../users/index.ts";
import { type EndSessions, storeNewPassword } from "./new-password.ts";

export type PasswordChangeDeps = {
  db: Db;
  loginThrottle: PasswordThrottle;
  endSessions: EndSessions;
  now: () => Date;
};

/**
 * A new password (the registration's rules) after the current one; every other session of the
 * account ends, the one making the change stays.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  userId: number,
  raw: unknown,
  meta: { ip: string; keepSessionHash: string | null },
): Promise<Ok<undefined> | Invalid | Limited> {
  const user = await accountRow(deps.db, userId);
  if (!user) return invalidAt("form", "errors.unauthorized");
  const { data, errors } = parseAccountInput(PasswordChangeSchema, raw);
  const fieldErrors: FieldProblems = { ...(errors ?? {}) };
  const source = (raw ?? {}) as Record<string, unknown>;
  Object.assign(
    fieldErrors,
    passwordErrors(
      { password: source.password, passwordConfirmation: source.passwordConfirmation },
      [user.email, user.username],
      { names: [user.firstname ?? "", user.lastname ?? ""] },
    ),
  );
  if (!data || Object.keys(fieldErrors).length > 0) return invalid(fieldErrors);
  const refused = await checkCurrentPassword(
    deps.loginThrottle,
    user,
    data.currentPassword,
    "currentPassword",
    meta,
  );
  if (refused) return refused;
  const passwordHash = await hashPassword(data.password);
  await deps.db.transaction((tx) =>
    storeNewPassword(tx, deps.endSessions, userId, passwordHash, {
      keepTokenHash: meta.keepSessionHash,
      now: deps.now(),
    }),
  );
  return ok();
}
