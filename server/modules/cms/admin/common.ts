import type { MessageKey } from "#core/i18n/index.ts";
import { type Err, err, type Ok } from "#core/result.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import { fromPragueLocalInput } from "#core/time/prague.ts";
import type { AuditActor as Actor, RecordAudit } from "../../admin/index.ts";
import type { ContentFileProblem } from "../content-files.ts";

/** Who makes a change from the back office, for the audit log (the admin module's). */
/**
 * The audit log's writer (the admin module's recordAudit), passed in by services.ts: content
 * changes are recorded in their own transaction, with the row before and after.
 */
export type { Actor, RecordAudit };

/** A refused change: field name to message keys (translated by the screen or the API, ADR 0068). */
export type ContentErrors = Record<string, MessageKey[]>;
/** The core result: the changed content, or `invalid` with the refused fields' message keys. */
export type ContentResult<T> = Ok<T> | Err<"invalid", ContentErrors>;

export const FILE_PROBLEM_KEYS: Record<ContentFileProblem, MessageKey> = {
  empty: "adminContent.errors.fileEmpty",
  tooLarge: "adminContent.errors.fileTooLarge",
  tooManyPixels: "adminContent.errors.fileTooManyPixels",
  notImage: "adminContent.errors.notImage",
  notPdf: "adminContent.errors.notPdf",
};

export const refused = (field: string, key: MessageKey): Err<"invalid", ContentErrors> =>
  err("invalid", { [field]: [key] });

/** A Prague wall-clock input as an instant; empty is null. */
export const pragueInstant = (value: string | undefined): Date | null =>
  value ? fromPragueLocalInput(value) : null;

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** `%word%` for ILIKE, with the user's own wildcards taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const offsetOf = (query: TableQuery) => (query.page - 1) * query.size;

export const actorOf = (actor: Actor) => ({ actorId: actor.actorId, ip: actor.ip ?? null });
