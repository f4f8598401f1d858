import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { PasswordChangeSchema } from "#core/schemas/account.ts";
import type { Db } from "#server/db/client.ts";
import { hashPassword } from "../../auth/index.ts";
import { type EndSessions, storeNewPassword } from "../new-password.ts";
import { passwordErrors } from "../password-rules.ts";
import { checkPassword, type PasswordThrottle } from "./current-password.ts";
import { type Invalid, type Limited, loadUser, parse } from "./shared.ts";

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
  meta: { locale: Locale; ip: string; keepSessionHash: string | null },
): Promise<{ status: "changed" } | Invalid | Limited> {
  const { locale } = meta;
  const user = await loadUser(deps.db, userId);
  if (!user) return { status: "invalid", errors: { form: [translate(locale, "errors.unauthorized")] } };
  const { data, errors } = parse(PasswordChangeSchema, raw, locale);
  const fieldErrors: FieldErrors = { ...(errors ?? {}) };
  const source = (raw ?? {}) as Record<string, unknown>;
  Object.assign(
    fieldErrors,
    passwordErrors(
      { password: source.password, passwordConfirmation: source.passwordConfirmation },
      locale,
      [user.email, user.username],
      { names: [user.firstname ?? "", user.lastname ?? ""] },
    ),
  );
  if (!data || Object.keys(fieldErrors).length > 0) return { status: "invalid", errors: fieldErrors };
  const refused = await checkPassword(
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
  return { status: "changed" };
}
