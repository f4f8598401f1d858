import { asc, count, desc, eq, ilike, or } from "drizzle-orm";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import {
  type BankStatement,
  type BankStatementLine,
  bankStatementLines,
  bankStatements,
} from "../tables/bank.ts";

/** The imported statements for the back office, newest first unless sorted otherwise. */
export const STATEMENT_SORTS = ["createdAt", "statementDate"] as const;

export type AdminBankStatement = Omit<BankStatement, "fileHash" | "createdAt"> & { createdAt: string };
export type AdminBankStatementLine = Omit<BankStatementLine, "createdAt" | "updatedAt" | "resolvedAt"> & {
  resolvedAt: string | null;
};

const statementRow = ({ fileHash: _hash, ...row }: BankStatement): AdminBankStatement => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function bankStatementsPage(
  db: Db,
  query: TableQuery<(typeof STATEMENT_SORTS)[number]>,
): Promise<TablePage<AdminBankStatement>> {
  const search = query.q
    ? or(ilike(bankStatements.fileName, `%${query.q}%`), ilike(bankStatements.reference, `%${query.q}%`))
    : undefined;
  const column = query.sort === "statementDate" ? bankStatements.statementDate : bankStatements.createdAt;
  const order = query.dir === "asc" ? asc(column) : desc(column);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(bankStatements)
    .where(search)
    .orderBy(order, desc(bankStatements.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(bankStatements).where(search);
  return { rows: rows.map(statementRow), total, page: query.page, size: query.size };
}

/** One statement with its lines in the bank's order; null when there is none. */
export async function bankStatementWithLines(
  db: Db,
  id: number,
): Promise<{ statement: AdminBankStatement; lines: AdminBankStatementLine[] } | null> {
  const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
  if (!statement) return null;
  const lines = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statementId, id))
    .orderBy(asc(bankStatementLines.id));
  return {
    statement: statementRow(statement),
    lines: lines.map(({ createdAt: _c, updatedAt: _u, ...line }) => ({
      ...line,
      resolvedAt: line.resolvedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Lines of imported bank statements that paid nothing and wait for the accountant to assign or
 * set aside (the back office's dashboard; index bank_statement_lines_unresolved_idx).
 */
export async function statementLinesUnmatched(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.outcome, "unmatched"));
  return row.count;
}
