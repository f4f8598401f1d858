import { z } from "zod";
import { PHONE_PREFIXES } from "../formats/phone.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** A ticked HTML checkbox sends "on"; API clients may send a boolean. */
const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true" || v === "1", z.boolean());
const requiredText = () => z.string().trim().min(1, { error: "validation.required", abort: true });

/**
 * The length rule for registration and for a new password (reset, change): from 8 up to 1024 (long
 * passphrases welcome; the cap only bounds the hashing work). How easy the password is to guess
 * depends on the account's own data, so the server checks that too (core/rules/passwords.ts), and
 * the confirmation field.
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
  // Spaces and dashes go before the checks; an empty number is allowed (the default, so Conform,
  // which reads an empty field as missing, gets "" too).
  phone: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
    z
      .string()
      .regex(/^\d*$/, { error: "validation.numeric", abort: true })
      .max(15)
      .refine((v) => v === "" || v.length >= 6, { error: "registration.errors.phoneShort" })
      .default(""),
  ),
  terms: checkbox.refine((v) => v, { error: "registration.errors.terms" }),
  adult: checkbox.refine((v) => v, { error: "registration.errors.adult" }),
  newsletter: checkbox.default(false),
});
export type RegistrationInput = z.infer<typeof RegistrationSchema>;

/**
 * The confirmation matches the password, checked even while other fields are wrong (as the
 * server's password rules do): a check of the form object would be skipped then, so it is a
 * schema of its own, intersected with the fields.
 */
const ConfirmedPassword = z
  .object({ password: z.string().optional(), passwordConfirmation: z.string().optional() })
  .refine((form) => !form.password || form.passwordConfirmation === form.password, {
    error: "validation.confirmed",
    path: ["passwordConfirmation"],
  });

/**
 * The registration page's form: the fields above, the confirmation, and the bot check's hidden
 * answers (ALTCHA's payload or reCAPTCHA's token), which only the server can judge.
 */
export const RegistrationFormSchema = z.intersection(
  RegistrationSchema.extend({ altcha: z.string().optional(), recaptchaToken: z.string().optional() }),
  ConfirmedPassword,
);

/**
 * A new password and its confirmation (the reset link's form, the account's password change). The
 * match is checked here, on both sides; how guessable the password is only the server can tell.
 */
export const NewPasswordSchema = z
  .object({ password: PasswordSchema, passwordConfirmation: z.string().max(PASSWORD_MAX).optional() })
  .refine((form) => form.passwordConfirmation === form.password, {
    error: "validation.confirmed",
    path: ["passwordConfirmation"],
  });
export type NewPasswordInput = z.infer<typeof NewPasswordSchema>;
