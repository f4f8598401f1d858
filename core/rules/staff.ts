/**
 * Who may do what in the back office (docs/product/back-office.md, "Staff and scopes").
 *
 * A role carries a fixed set of scopes; a user's own `scope` list may add more. The owner (`admin`,
 * the value the database has always used) holds every scope. Screens and API calls each name the
 * one scope they need, and the server checks it: the menu only hides what the server refuses.
 */
export const STAFF_SCOPES = [
  "moderation",
  "content",
  "catalog",
  "users",
  "orders",
  "deals",
  "settings",
  "audit",
  "staff",
] as const;
export type StaffScope = (typeof STAFF_SCOPES)[number];

/** `admin` is the owner. The rest are staff with part of the back office; `user` has none of it. */
export const USER_ROLES = ["user", "admin", "moderator", "editor", "accountant", "support"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const STAFF_ROLES = ["admin", "moderator", "editor", "accountant", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_SCOPES: Record<UserRole, readonly StaffScope[]> = {
  user: [],
  admin: STAFF_SCOPES,
  moderator: ["moderation", "users"],
  editor: ["content", "catalog"],
  accountant: ["orders"],
  // Deals between collectors: their state, refunds and payouts, and the accounts of both sides.
  support: ["deals", "users"],
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export function isStaffScope(value: string): value is StaffScope {
  return (STAFF_SCOPES as readonly string[]).includes(value);
}

/**
 * A user's scopes: the role's and the ones granted to the account itself. Only staff keep granted
 * back-office scopes (a plain user's extra scopes are client permissions such as
 * "advertisement.add" and never open the back office).
 */
export function effectiveScopes(role: UserRole, granted: readonly string[] = []): string[] {
  const fromRole: readonly string[] = ROLE_SCOPES[role] ?? [];
  const extra = granted.filter((scope) => isStaffRole(role) || !isStaffScope(scope));
  return [...new Set([...fromRole, ...extra])];
}

/**
 * The spec's scope check (section 6): a scope "in a list or as a key". The field is a list of
 * names, or an object whose keys are the names (a truthy value grants it).
 */
export function hasScope(
  scope: readonly string[] | Readonly<Record<string, unknown>> | null | undefined,
  needed: string,
): boolean {
  if (!scope) return false;
  if (Array.isArray(scope)) return scope.includes(needed);
  const value = (scope as Record<string, unknown>)[needed];
  return Object.hasOwn(scope, needed) && Boolean(value);
}

/** Any of the back-office scopes: the user is staff and may open /admin. */
export function hasAnyStaffScope(scope: readonly string[] | null | undefined): boolean {
  return (scope ?? []).some(isStaffScope);
}
