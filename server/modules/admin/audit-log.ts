import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import { AUDIT_SORTABLE } from "#core/schemas/staff-audit.ts";
import type { Db } from "#server/db/client.ts";
import { auditLog } from "./tables.ts";

export { AUDIT_SORTABLE };

/** The audit log's filters beside the table's search, sort and page. */
export type AuditLogFilters = {
  actorId?: number;
  action?: string;
  entity?: string;
  /** Entries on or after this day (Prague's calendar is not needed: a UTC day is precise enough). */
  from?: string;
  /** Entries on or before this day. */
  to?: string;
};

export type AuditRow = {
  id: number;
  createdAt: Date;
  actorId: number | null;
  /** The actor's username; null for the system or an erased account. */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** Details other than before and after (e.g. a reason). */
  details: Record<string, unknown> | null;
  ip: string | null;
};

/** The names of the actors (a port: the users module owns the accounts). */
export type ActorNames = (ids: number[]) => Promise<Map<number, string>>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(query: TableQuery, filters: AuditLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(auditLog.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
  ];
  if (query.q) {
    // The text search looks at the action, the object and its id, the address and the details.
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    parts.push(
      sql`(lower(${auditLog.action}) like ${like} or lower(${auditLog.entity}) like ${like} or lower(coalesce(${auditLog.entityId}, '')) like ${like} or lower(coalesce(${auditLog.ip}, '')) like ${like} or lower(coalesce(${auditLog.data}::text, '')) like ${like})`,
    );
  }
  return and(...parts);
}

function split(data: Record<string, unknown> | null) {
  if (!data) return { before: null, after: null, details: null };
  const { before = null, after = null, ...rest } = data;
  return { before, after, details: Object.keys(rest).length ? rest : null };
}

/**
 * The back office's audit log (docs/product/back-office.md, "Staff and scopes"): who changed what
 * and when, with before and after; searchable, filtered, sorted and paged on the server.
 */
export function createAuditLogReader(db: Db, actorNames: ActorNames) {
  return {
    async list(
      query: TableQuery<(typeof AUDIT_SORTABLE)[number]>,
      filters: AuditLogFilters,
    ): Promise<TablePage<AuditRow>> {
      const where = conditions(query, filters);
      const direction = query.dir === "asc" ? asc : desc;
      const column = { createdAt: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity }[
        query.sort ?? "createdAt"
      ];
      const { limit, offset } = pageWindow(query);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(direction(column), direction(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
      ]);
      const names = await actorNames(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])));
      return {
        rows: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt,
          actorId: row.actorId,
          actorName: row.actorId ? (names.get(row.actorId) ?? null) : null,
          action: row.action,
          entity: row.entity,
          entityId: row.entityId,
          ip: row.ip,
          ...split(row.data),
        })),
        total: count?.n ?? 0,
        page: query.page,
        size: query.size,
      };
    },

    /** What the filters offer: the actions, objects and actors the log holds. */
    async facets(): Promise<{
      actions: string[];
      entities: string[];
      actors: { id: number; name: string }[];
    }> {
      const [actions, entities, actors] = await Promise.all([
        db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
        db.selectDistinct({ value: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
        db.selectDistinct({ id: auditLog.actorId }).from(auditLog),
      ]);
      const ids = actors.flatMap((row) => (row.id ? [row.id] : []));
      const names = await actorNames(ids);
      return {
        actions: actions.map((row) => row.value),
        entities: entities.map((row) => row.value),
        actors: ids
          .map((id) => ({ id, name: names.get(id) ?? `#${id}` }))
          .sort((a, b) => a.name.localeCompare(b.name, "cs")),
      };
    },
  };
}

export type AuditLogReader = ReturnType<typeof createAuditLogReader>;
