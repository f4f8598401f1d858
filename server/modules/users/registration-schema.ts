import { z } from "zod";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { PHONE_PREFIXES } from "#core/formats/phone.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { isStrongPassword } from "./password-strength.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** A ticked HTML checkbox sends "on"; API clients may send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());
const requiredText = () => z.string().trim().min(1, { error: "validation.required", abort: true });

/**
 * The length rule for registration and for a new password (reset, change): from 8 up to 1024 (long
 * passphrases welcome; the cap only bounds the hashing work). How easy the password is to guess
 * depends on the account's own data, so passwordErrors checks that, and the confirmation field.
 */
export const PasswordSchema = z
  .string()
  .min(1, { error: "validation.required", abort: true })
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX);

/**
 * The registration form and API body. Usernames are ASCII letters, digits and dots: they appear
 * next to bids and listings, where look-alike letters from other scripts could impersonate a seller.
 */
export const RegistrationSchema = z.object({
  email: requiredText().pipe(z.email({ error: "validation.email" }).max(254)),
  username: requiredText()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9.]+$/, { error: "validation.regex" }),
  password: PasswordSchema,
  passwordConfirmation: z.string().optional(),
  firstname: requiredText().max(100),
  lastname: requiredText().max(100),
  phonePrefix: z.enum(PHONE_PREFIXES).default(""),
  phone: z
    .string()
    .default("")
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d*$/, { error: "validation.numeric", abort: true })
        .max(15)
        .refine((v) => v === "" || v.length >= 6, { error: "registration.errors.phoneShort" }),
    ),
  terms: checkbox.refine((v) => v, { error: "registration.errors.terms" }),
  adult: checkbox.refine((v) => v, { error: "registration.errors.adult" }),
  newsletter: checkbox.default(false),
});
export type RegistrationInput = z.infer<typeof RegistrationSchema>;

/**
 * The password rules as one field-to-messages map: the length, not the account's e-mail or
 * username (`identity`), hard enough to guess (password-strength.ts, with the identity and the
 * account's `names` as zxcvbn's user inputs), and the confirmation. `scoreStrength: false` leaves
 * out the guessability check, which costs up to some 40 ms of CPU (registration skips it for a
 * form that failed the bot check).
 */
export function passwordErrors(
  raw: { password?: unknown; passwordConfirmation?: unknown },
  locale: Locale,
  identity: string[] = [],
  { names = [], scoreStrength = true }: { names?: string[]; scoreStrength?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = PasswordSchema.safeParse(raw.password);
  if (!parsed.success) {
    errors.password = issuesToFieldErrors(parsed.error.issues, locale)._ ?? [];
  } else if (identity.some((value) => value && parsed.data.toLowerCase() === value.toLowerCase())) {
    errors.password = [translate(locale, "registration.errors.passwordIsIdentity")];
  } else if (scoreStrength && !isStrongPassword(parsed.data, [...identity, ...names])) {
    errors.password = [translate(locale, "registration.errors.commonPassword")];
  }
  if (typeof raw.password === "string" && raw.password !== "" && raw.passwordConfirmation !== raw.password) {
    errors.passwordConfirmation = [translate(locale, "validation.confirmed")];
  }
  return errors;
}
