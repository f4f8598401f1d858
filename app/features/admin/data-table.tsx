import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { TablePage } from "#core/schemas/admin-table.ts";

/**
 * A back-office table (docs/product/back-office.md, "Tables"): TanStack Table draws it, the server
 * sorts, filters and pages it. Every state lives in the URL (`q`, `sort`, `dir`, `page`, plus the
 * page's own filters), so sorting is a link, the search a GET form, and it all works before the
 * scripts load. Columns sort only when their `id` is one the server lets sort (`sortable`).
 */
export type DataTableProps<Row> = {
  /** Names the table for screen readers and tests (`data-testid="table-<id>"`). */
  id: string;
  caption: string;
  columns: ColumnDef<Row, unknown>[];
  page: TablePage<Row>;
  sortable?: readonly string[];
  /** Extra filter fields inside the search form (selects, checkboxes named as the page reads them). */
  filters?: ReactNode;
  /** Whether the search box shows (a table without text search leaves it out). */
  search?: boolean;
  rowKey: (row: Row) => string | number;
};

function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The table's search box and the page's own filters: a GET form, so it works without scripts. */
function TableSearch({ filters, search }: { filters?: ReactNode; search: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const sortId = params.get("sort");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
      {search ? (
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
          {t("admin.table.search")}
          <input
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("admin.table.searchPlaceholder")}
            className="rounded-md border border-line bg-white px-3 py-2 font-normal"
          />
        </label>
      ) : null}
      {filters}
      {sortId ? <input type="hidden" name="sort" value={sortId} /> : null}
      {sortId ? <input type="hidden" name="dir" value={params.get("dir") ?? "desc"} /> : null}
      <button
        type="submit"
        className="rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90"
      >
        {t("admin.table.filter")}
      </button>
      {location.search ? (
        <Link to={location.pathname} className="px-2 py-2 text-primary-dark underline underline-offset-4">
          {t("admin.table.reset")}
        </Link>
      ) : null}
    </Form>
  );
}

/** How many rows match and the links to the previous and next page, the other parameters kept. */
function TablePager({ page, pages }: { page: TablePage<unknown>; pages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav
      aria-label={t("admin.table.pagination")}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted">
        {t("admin.table.total", { total: page.total })} · {t("admin.table.page", { page: page.page, pages })}
      </p>
      <div className="flex gap-2">
        {page.page > 1 ? (
          <Link
            to={withParams(location.search, { page: String(page.page - 1) })}
            className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-light"
            rel="prev"
          >
            {t("admin.table.previous")}
          </Link>
        ) : null}
        {page.page < pages ? (
          <Link
            to={withParams(location.search, { page: String(page.page + 1) })}
            className="rounded-md border border-line bg-white px-3 py-1.5 hover:bg-light"
            rel="next"
          >
            {t("admin.table.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** A column's heading: a link that sorts by it (the next direction) when the server allows it. */
function HeaderCell<Row>({ header, canSort }: { header: Header<Row, unknown>; canSort: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const sorted = header.column.getIsSorted();
  const nextDir = sorted === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
      className="px-3 py-2 font-semibold whitespace-nowrap"
    >
      {canSort ? (
        <Link
          to={withParams(location.search, { sort: header.column.id, dir: nextDir, page: null })}
          className="inline-flex items-center gap-1 hover:underline"
          title={t(nextDir === "asc" ? "admin.table.sortAscending" : "admin.table.sortDescending")}
        >
          {label}
          <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
          {sorted ? (
            <span className="sr-only">
              {t(sorted === "asc" ? "admin.table.sortedAscending" : "admin.table.sortedDescending")}
            </span>
          ) : null}
        </Link>
      ) : (
        label
      )}
    </th>
  );
}

export function DataTable<Row>({
  id,
  caption,
  columns,
  page,
  sortable = [],
  filters,
  search = true,
  rowKey,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const sortId = params.get("sort");
  const sorting: SortingState = sortId ? [{ id: sortId, desc: params.get("dir") !== "asc" }] : [];
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const table = useReactTable({
    data: page.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    pageCount: pages,
    state: { sorting, pagination: { pageIndex: page.page - 1, pageSize: page.size } },
    getRowId: (row) => String(rowKey(row)),
  });

  return (
    <div className="flex flex-col gap-4" data-testid={`table-${id}`}>
      {search || filters ? <TableSearch filters={filters} search={search} /> : null}

      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-light/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} canSort={sortable.includes(header.column.id)} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-line">
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                  {t("admin.table.empty")}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="align-top hover:bg-light/40" data-testid={`row-${row.id}`}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <TablePager page={page} pages={pages} />
    </div>
  );
}
