import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CategoryNode } from "#app/shell.ts";
import { useShell } from "#app/ui/feedback/use-shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";

function findNode(nodes: CategoryNode[], id: number): CategoryNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.subcategories, id);
    if (found) return found;
  }
  return null;
}

/**
 * The featured categories (the `categoriesMenu` setting's ids, else the top categories), drawn from
 * the category tree the shell already loaded. Each tile names a few subcategories as a hint.
 */
export function FeaturedCategories({ ids }: { ids: number[] }) {
  const { t, locale } = useTranslation();
  const tree = useShell()?.categories ?? [];
  const fromSetting = ids
    .map((id) => findNode(tree, id))
    .filter((node): node is CategoryNode => node !== null);
  const roots = tree.length === 1 ? tree[0].subcategories : tree;
  const nodes = (fromSetting.length > 0 ? fromSetting : roots).slice(0, 8);
  if (nodes.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4 tablet:gap-4" data-testid="featured-categories">
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={localePath("category", locale, { id: node.id, slug: node.slug })}
            className="group relative flex h-full min-h-32 flex-col overflow-hidden rounded-2xl bg-white p-4 ring-1 ring-line transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-secondary tablet:min-h-36 tablet:p-5"
            data-testid="featured-category"
          >
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -right-3 -bottom-8 hidden font-serif tablet:block text-[7rem] leading-none text-secondary/15 transition group-hover:text-secondary/30"
            >
              {[...node.name][0]}
            </span>
            <span className="relative font-serif text-lg leading-snug text-ink group-hover:text-primary-dark tablet:text-xl">
              {node.name}
            </span>
            {node.subcategories.length > 0 ? (
              <span className="relative mt-2 line-clamp-2 text-xs leading-relaxed text-muted">
                {node.subcategories
                  .slice(0, 4)
                  .map((child) => child.name)
                  .join(" · ")}
              </span>
            ) : null}
            <span className="relative mt-auto pt-3 text-xs font-semibold text-primary-dark">
              {node.subcategories.length > 0
                ? t(pluralKey(locale, "product.homePage.subcategories", node.subcategories.length), {
                    count: node.subcategories.length,
                  })
                : t("product.homePage.categoryLink")}
              <span aria-hidden="true" className="ml-1">
                →
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
