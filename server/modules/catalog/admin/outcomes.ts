import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import type { AuditEntry } from "#server/modules/admin/index.ts";

/** What a back-office change of the catalogue answers: done, field errors, refused (409) or no such row. */
export type Done<T> = { status: "ok"; value: T };
export type Invalid = { status: "invalid"; errors: FieldErrors };
export type Refused = { status: "refused"; message: string };
export type NotFound = { status: "not_found" };
export type AdminOutcome<T> = Done<T> | Invalid | Refused | NotFound;

/** Who makes the change, for the audit log. */
export type Actor = { id: number; ip?: string | null };

export const done = <T>(value: T): Done<T> => ({ status: "ok", value });
export const notFound: NotFound = { status: "not_found" };

export function fieldError(locale: Locale, field: string, key: MessageKey): Invalid {
  return { status: "invalid", errors: { [field]: [translate(locale, key)] } };
}

/** Every field's problem at once (null where the field is fine); null when there is none. */
export function fieldErrors(locale: Locale, problems: [string, MessageKey | null][]): Invalid | null {
  const errors: FieldErrors = {};
  for (const [field, key] of problems) if (key) errors[field] = [translate(locale, key)];
  return Object.keys(errors).length > 0 ? { status: "invalid", errors } : null;
}

export function refused(locale: Locale, key: MessageKey): Refused {
  return { status: "refused", message: translate(locale, key) };
}

/** An audit entry of a catalogue change, with what it was and what it became. */
export function auditEntry(
  actor: Actor,
  action: string,
  entity: string,
  entityId: number,
  before: unknown,
  after: unknown,
  extra: Record<string, unknown> = {},
): AuditEntry {
  return {
    actorId: actor.id,
    action,
    entity,
    entityId: String(entityId),
    data: { before, after, ...extra },
    ip: actor.ip ?? null,
  };
}
