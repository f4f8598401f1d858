import type { CatalogOutcome, CatalogRefusalCode } from "#core/contracts/catalog-refusals.ts";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { type Err, err, ok } from "#core/result.ts";
import { problem } from "#core/validation/field-errors.ts";
import type { AuditEntry } from "#server/modules/admin/index.ts";

/**
 * What a back-office change of the catalogue answers: done, field problems, refused (409) or no
 * such row (core/contracts/catalog-refusals.ts says each).
 */
export type AdminOutcome<T> = CatalogOutcome<T>;
type Invalid = Err<"invalid", FieldProblems>;

/** Who makes the change, for the audit log. */
export type Actor = { id: number; ip?: string | null };

export const done = ok;
export const notFound = err("not_found");

export function fieldError(field: string, key: MessageKey): Invalid {
  return err("invalid", { [field]: [problem(key)] });
}

/** Every field's problem at once (null where the field is fine); null when there is none. */
export function fieldErrors(problems: [string, MessageKey | null][]): Invalid | null {
  const found: FieldProblems = {};
  for (const [field, key] of problems) if (key) found[field] = [problem(key)];
  return Object.keys(found).length > 0 ? err("invalid", found) : null;
}

export function refused<C extends CatalogRefusalCode>(code: C): Err<C> {
  return err(code);
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
