import { z } from "zod";
import { STAFF_ROLES, STAFF_SCOPES } from "../rules/staff.ts";

/**
 * The second factor's forms (/admin/overeni, /admin/dvoufazove-overeni; docs/product/back-office.md,
 * "Signing in"): a TOTP code or a recovery code, typed with spaces or dashes as people copy them;
 * `redirect` is the admin page wanted before (kept only when it is a safe local path).
 */
export const SecondFactorCodeSchema = z.object({
  code: z.string().trim().min(1, { error: "validation.required" }).max(40),
  redirect: z.string().max(2000).optional(),
});

/** The staff page's change of one member: a staff role, or `user` to take the staff role away, and extra scopes. */
export const StaffMemberSchema = z.object({
  intent: z.literal("save"),
  userId: z.coerce.number().int().positive(),
  role: z.enum(["user", ...STAFF_ROLES]),
  scopes: z.array(z.enum(STAFF_SCOPES)).default([]),
});

/** The staff page's "add a staff member": an existing account's e-mail and a role. */
export const StaffAddSchema = z.object({
  intent: z.literal("add"),
  email: z.string().trim().min(1, { error: "validation.required", abort: true }).max(254).pipe(z.email()),
  role: z.enum(STAFF_ROLES),
});

/** The owner resets a member's second factor. */
export const StaffResetFactorSchema = z.object({
  intent: z.literal("resetFactor"),
  userId: z.coerce.number().int().positive(),
});

export const StaffFormSchema = z.discriminatedUnion("intent", [
  StaffMemberSchema,
  StaffAddSchema,
  StaffResetFactorSchema,
]);
