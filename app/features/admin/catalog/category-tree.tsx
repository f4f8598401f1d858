import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ReorderButtons } from "./ui.tsx";

/** A category as the tree lists it. */
export type TreeRow = {
  id: number;
  parentId: number | null;
  depth: number;
  name: string;
  nameEn: string | null;
  isActive: boolean;
  premoderated: boolean;
  productCount: number;
  branchProductCount: number;
  childCount: number;
};

/** The whole tree as one table: each row indented by its level, siblings moved up and down. */
export function CategoryTree({ rows }: { rows: TreeRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white">
      <table className="w-full min-w-[46rem] text-left text-sm">
        <caption className="sr-only">{t("adminCatalog.categories.title")}</caption>
        <thead className="border-b border-line bg-light/60">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.name")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.level")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.products")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.branchProducts")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.state")}
            </th>
            <th scope="col" className="px-3 py-2">
              {t("adminCatalog.categories.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-6 text-center text-muted">
                {t("adminCatalog.categories.empty")}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <CategoryRow
              key={row.id}
              row={row}
              siblings={rows.filter((other) => other.parentId === row.parentId)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CategoryRow({ row, siblings }: { row: TreeRow; siblings: TreeRow[] }) {
  const { t, locale } = useTranslation();
  const name = locale === "en" && row.nameEn ? row.nameEn : row.name;
  return (
    <tr key={row.id} id={`category-${row.id}`} data-testid={`category-${row.id}`} className="align-middle">
      <th scope="row" className="px-3 py-2 font-normal">
        <span style={{ paddingInlineStart: `${(row.depth - 1) * 1.25}rem` }} className="inline-block">
          {row.depth > 1 ? (
            <span aria-hidden="true" className="text-muted">
              └{" "}
            </span>
          ) : null}
          <Link
            to={localePath("adminCategory", locale, { id: String(row.id) })}
            className="font-semibold text-primary-dark underline underline-offset-4"
          >
            {name}
          </Link>
        </span>
      </th>
      <td className="px-3 py-2">{row.depth}</td>
      <td className="px-3 py-2" data-testid="own-products">
        {row.productCount}
      </td>
      <td className="px-3 py-2" data-testid="branch-products">
        {row.branchProductCount}
      </td>
      <td className="px-3 py-2">
        <span className={row.isActive ? "" : "text-muted"}>
          {t(row.isActive ? "adminCatalog.categories.active" : "adminCatalog.categories.inactive")}
        </span>
        {row.premoderated ? (
          <span className="ms-2 rounded-full bg-secondary/15 px-2 py-0.5 text-xs font-semibold text-[#6b5116]">
            {t("adminCatalog.categories.premoderated")}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <span className="flex flex-wrap items-center gap-2">
          <ReorderButtons
            id={row.id}
            name={name}
            first={siblings[0]?.id === row.id}
            last={siblings[siblings.length - 1]?.id === row.id}
          />
          {row.depth < 5 ? (
            <Link
              to={`${localePath("adminCategory", locale, { id: "new" })}?parent=${row.id}`}
              className="text-primary-dark underline underline-offset-4"
              aria-label={`${t("adminCatalog.categories.addChild")}: ${name}`}
            >
              {t("adminCatalog.categories.addChild")}
            </Link>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
