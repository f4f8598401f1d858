import { z } from "zod";
import { USER_ROLES } from "../rules/staff.ts";
import { MAX_INT4 } from "../validation/limits.ts";
import { CONTROL_CHARACTER } from "../validation/text-input.ts";

/**
 * The back office's users area (docs/product/back-office.md, "Users"): the accounts' table and its
 * filters, the groups and their discount, verification, the operator's GDPR erasure. The same
 * schemas read the screens' forms and the /api/admin/users and /api/admin/groups bodies.
 */

/** The columns the accounts' table sorts by. */
export const ADMIN_USER_SORTS = ["createdAt", "lastLoginAt"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** The state filter: anyone, blocked (blocked_at set), suspended for a time, or neither. */
export const ADMIN_USER_STATES = ["active", "blocked", "suspended"] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];

const id = z.coerce.number().int().positive().max(MAX_INT4);

/**
 * The table's own filters beside `q`, `sort`, `dir`, `page`, `size` (admin-table.ts). A value the
 * page does not know is dropped (a hand-edited URL lists everyone rather than failing).
 */
export const AdminUserFiltersSchema = z.object({
  role: z.enum(USER_ROLES).optional().catch(undefined),
  /** A group's id, or "none" for accounts in no group. */
  group: z
    .union([z.literal("none"), id])
    .optional()
    .catch(undefined),
  verified: z.enum(["yes", "no"]).optional().catch(undefined),
  state: z.enum(ADMIN_USER_STATES).optional().catch(undefined),
});
export type AdminUserFilters = z.output<typeof AdminUserFiltersSchema>;

const text = (max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .max(max)
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: "validation.controlCharacters" });

/** A group: its name and the discount its members get on fees, a whole percent from 0 to 100. */
export const GroupSchema = z.object({
  name: text(100),
  // A number in JSON; Conform turns the form's text into one (an empty field stays missing).
  discountPercent: z.number().int({ error: "validation.type" }).min(0).max(100),
});
export type GroupInput = z.output<typeof GroupSchema>;

/** The groups page: add a group, change one, delete an empty one. */
export const GroupsFormSchema = z.discriminatedUnion("intent", [
  GroupSchema.extend({ intent: z.literal("create") }),
  GroupSchema.extend({ intent: z.literal("update"), groupId: id }),
  z.object({ intent: z.literal("delete"), groupId: id }),
]);

/** Put the account in a group, or in none (no groupId). */
export const AssignGroupSchema = z.object({ groupId: id.nullable().optional() });

/** Mark the account verified or take the mark away, always with the operator's reason (audited). */
export const VerificationChangeSchema = z.object({
  verified: z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean()),
  reason: text(500),
});

/**
 * The operator erases an account (GDPR art. 17) only after typing its username, so a slip of the
 * mouse on the wrong account erases nothing.
 */
export const AdminErasureSchema = z.object({ username: text(100) });

/** The user's page: assign a group, verify or unverify, erase the account. */
export const AdminUserFormSchema = z.discriminatedUnion("intent", [
  AssignGroupSchema.extend({ intent: z.literal("assignGroup") }),
  VerificationChangeSchema.extend({ intent: z.literal("verification") }),
  AdminErasureSchema.extend({ intent: z.literal("erase") }),
]);
