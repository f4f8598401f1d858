/** One changed field of an audit entry: its name and the values before and after, as text. */
export type AuditChange = { field: string; before: string | null; after: string | null };

const MAX_VALUE = 160;

function show(value: unknown): string | null {
  if (value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What an audit entry changed, readable: the fields whose value differs between before and after
 * (an object's fields one level deep, anything else as a whole). A field that stayed the same is
 * left out; an entry without before and after has no changes to show.
 */
export function auditChanges(beforeValue: unknown, afterValue: unknown): AuditChange[] {
  if (beforeValue == null && afterValue == null) return [];
  // Something created or deleted: its fields are all new, or all gone.
  const before = beforeValue == null && isRecord(afterValue) ? {} : beforeValue;
  const after = afterValue == null && isRecord(beforeValue) ? {} : afterValue;
  if (!isRecord(before) || !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ field: "", before: show(before ?? undefined), after: show(after ?? undefined) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}
