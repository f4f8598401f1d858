import { z } from "zod";

/**
 * The login form (the login target page and the header's widget; docs/product/calls-and-errors.md,
 * "Validation messages"): the e-mail is required, then in e-mail format (checked for presence
 * first, so an empty field says "required", not "invalid e-mail"); the password is required.
 * `redirect` is where to go after logging in (the action keeps it only when it is a safe local
 * path, else it goes to the overview), `altcha` the solved challenge of an attacked account (ADR
 * 0010, 0013).
 */
export const LoginSchema = z.object({
  email: z.string().trim().min(1, { error: "validation.required", abort: true }).max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
  redirect: z.string().optional(),
  altcha: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;
