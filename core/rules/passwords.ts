import type { FieldProblems } from "#core/contracts/errors.ts";
import { PasswordSchema } from "#core/schemas/registration.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import { isStrongPassword } from "./password-strength.ts";

/**
 * The password rules as one field-to-problems map: the length, not the account's e-mail or
 * username (`identity`), hard enough to guess (password-strength.ts, with the identity and the
 * account's `names` as zxcvbn's user inputs), and the confirmation. `scoreStrength: false` leaves
 * out the guessability check, which costs up to some 40 ms of CPU (registration skips it for a
 * form that failed the bot check).
 */
export function passwordErrors(
  raw: { password?: unknown; passwordConfirmation?: unknown },
  identity: string[] = [],
  { names = [], scoreStrength = true }: { names?: string[]; scoreStrength?: boolean } = {},
): FieldProblems {
  const errors: FieldProblems = {};
  const parsed = PasswordSchema.safeParse(raw.password);
  if (!parsed.success) {
    errors.password = issuesToFieldProblems(parsed.error.issues)._ ?? [];
  } else if (identity.some((value) => value && parsed.data.toLowerCase() === value.toLowerCase())) {
    errors.password = [{ key: "registration.errors.passwordIsIdentity" }];
  } else if (scoreStrength && !isStrongPassword(parsed.data, [...identity, ...names])) {
    errors.password = [{ key: "registration.errors.commonPassword" }];
  }
  if (typeof raw.password === "string" && raw.password !== "" && raw.passwordConfirmation !== raw.password) {
    errors.passwordConfirmation = [{ key: "validation.confirmed" }];
  }
  return errors;
}
