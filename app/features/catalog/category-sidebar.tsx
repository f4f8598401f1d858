import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  categoryPath,
  limitDepth,
  SIDEBAR_DEPTH,
  sortSidebarCategories,
} from "#app/lib/category-checkbox-tree.ts";
import type { CategoryNode } from "#app/shell.ts";
import { FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { ChevronDownIcon, GridIcon } from "#app/ui/icons.tsx";
import { useShellData } from "#app/ui/live-counts.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath, parseRouteId } from "#core/i18n/paths.ts";

type CategorySidebarProps = {
  /** The category being shown; defaults to the `id` param of the category route. */
  currentId?: number | null;
  /**
   * "page": a sidebar on wide screens with a mouse, and a collapsible "Kategorie" block above the
   * content below 1028 px and on touch devices of any width (the `tree-sidebar` variant in
   * app.css). "menu": just the tree, for the mobile menu.
   */
  variant?: "page" | "menu";
  className?: string;
  /** Called when a category link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
};

const NO_CATEGORIES: CategoryNode[] = [];
/**
 * The tree in the sidebar's order and depth, made once per category tree: the shell's tree is the
 * same object until a category changes (shell data from memory), so a render reuses it.
 */
const sidebarTrees = new WeakMap<readonly CategoryNode[], CategoryNode[]>();
function sidebarTree(categories: readonly CategoryNode[]): CategoryNode[] {
  let tree = sidebarTrees.get(categories);
  if (!tree) {
    tree = limitDepth(sortSidebarCategories(categories), SIDEBAR_DEPTH);
    sidebarTrees.set(categories, tree);
  }
  return tree;
}

/** The current category from the matched `category___cs|en` route, if any. */
function useRouteCategoryId(): number | null {
  const matches = useMatches();
  for (const match of matches) {
    if (parseRouteId(match.id)?.name !== "category") continue;
    const id = Number(match.params.id);
    return Number.isInteger(id) ? id : null;
  }
  return null;
}

/**
 * Which branches are open, and the toggle: at first the current category's ancestors; moving to
 * another category opens its ancestors too (what the visitor opened stays open).
 */
function useExpandedBranches(ancestors: number[]): [ReadonlySet<number>, (id: number) => void] {
  const ancestorKey = ancestors.join(",");
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(ancestors));
  useEffect(() => {
    if (!ancestorKey) return;
    setExpanded((previous) => {
      const next = new Set(previous);
      for (const id of ancestorKey.split(",")) next.add(Number(id));
      return next.size === previous.size ? previous : next;
    });
  }, [ancestorKey]);
  const toggle = (id: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return [expanded, toggle];
}

/**
 * The category tree (docs/product/screens.md, "Parts of every page"): up to 5 levels from the
 * shell's categories, in the sidebar order (under category 1, ids 2 and 3 first); each entry links
 * to its listing; branches expand and collapse; the current entry is highlighted and its ancestors
 * are opened.
 */
export function CategorySidebar({
  currentId,
  variant = "page",
  className = "",
  onNavigate,
}: CategorySidebarProps) {
  const { t } = useTranslation();
  const shell = useShellData();
  const routeId = useRouteCategoryId();
  const current = currentId ?? routeId;
  const categories = shell?.categories;
  const tree = useMemo(() => sidebarTree(categories ?? NO_CATEGORIES), [categories]);
  const path = useMemo(() => (current === null ? [] : categoryPath(tree, current)), [tree, current]);
  const ancestors = path.slice(0, -1).map((node) => node.id);
  const [expanded, toggle] = useExpandedBranches(ancestors);
  const baseId = useId();

  if (tree.length === 0) return null;

  const treeElement = (
    <Branch
      nodes={tree}
      level={0}
      current={current}
      ancestors={ancestors}
      expanded={expanded}
      onToggle={toggle}
      baseId={baseId}
      onNavigate={onNavigate}
      roomy={variant === "menu"}
    />
  );

  if (variant === "menu")
    return (
      <nav aria-label={t("header.categoriesNav")} className={className} data-testid="category-sidebar-menu">
        <h2 className="px-3 pb-2 text-[0.7rem] font-semibold tracking-[0.16em] text-muted uppercase">
          {t("header.categories")}
        </h2>
        {treeElement}
      </nav>
    );

  return (
    <CategoryPageBlock className={className} treeId={`${baseId}-tree`}>
      {treeElement}
    </CategoryPageBlock>
  );
}

/**
 * The tree's frame on a page: a sidebar on wide screens with a mouse, a "Kategorie" block that
 * folds below 1028 px and on touch devices (the `tree-sidebar` variant).
 */
function CategoryPageBlock({
  className,
  treeId,
  children,
}: {
  className: string;
  treeId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [blockOpen, setBlockOpen] = useState(false);
  return (
    <nav
      aria-label={t("header.categoriesNav")}
      className={`rounded-xl border border-line bg-white tree-sidebar:border-0 tree-sidebar:bg-transparent ${className}`}
      data-testid="category-sidebar"
    >
      <button
        type="button"
        aria-expanded={blockOpen}
        aria-controls={treeId}
        onClick={() => setBlockOpen((value) => !value)}
        className={`flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left font-semibold text-primary-dark tree-sidebar:hidden ${FOCUS_ON_LIGHT}`}
        data-testid="category-block-toggle"
      >
        <GridIcon className="size-5" />
        <span className="flex-1">{t("header.categories")}</span>
        <ChevronDownIcon className={`size-5 transition-transform ${blockOpen ? "rotate-180" : ""}`} />
      </button>
      <h2 className="hidden border-b border-line pb-3 font-serif text-xl text-primary-dark tree-sidebar:block">
        {t("header.categories")}
      </h2>
      <div
        id={treeId}
        className={`${blockOpen ? "block" : "hidden"} border-t border-line px-2 py-2 tree-sidebar:block tree-sidebar:border-0 tree-sidebar:px-0`}
      >
        {children}
      </div>
    </nav>
  );
}

type BranchProps = {
  nodes: CategoryNode[];
  level: number;
  current: number | null;
  ancestors: number[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  baseId: string;
  onNavigate?: () => void;
  /** Taller rows for fingers (the mobile menu). */
  roomy?: boolean;
};

/** One level of the tree: its categories, each with its own open or closed branch below. */
function Branch({ nodes, ...rest }: BranchProps) {
  return (
    <ul className={rest.level === 0 ? "cat-tree" : "cat-tree cat-branch"}>
      {nodes.map((node) => (
        <BranchEntry key={node.id} node={node} {...rest} />
      ))}
    </ul>
  );
}

/** One category: its link, the expand toggle when it has subcategories, and their branch. */
function BranchEntry({
  node,
  level,
  current,
  ancestors,
  expanded,
  onToggle,
  baseId,
  onNavigate,
  roomy,
}: Omit<BranchProps, "nodes"> & { node: CategoryNode }) {
  const { locale, t } = useTranslation();
  const hasChildren = node.subcategories.length > 0;
  const isOpen = hasChildren && expanded.has(node.id);
  const isCurrent = node.id === current;
  const isAncestor = ancestors.includes(node.id);
  const childrenId = `${baseId}-c${node.id}`;
  return (
    <li data-category-id={node.id}>
      <div className="cat-row" data-state={isCurrent ? "current" : isAncestor ? "ancestor" : undefined}>
        <a
          href={localePath("category", locale, { id: node.id, slug: node.slug })}
          {...SPA_LINK}
          aria-current={isCurrent ? "page" : undefined}
          onClick={onNavigate}
          className={level === 0 ? "cat-link cat-top" : "cat-link"}
          data-roomy={roomy || undefined}
          data-testid={`category-link-${node.id}`}
        >
          {node.name}
        </a>
        {hasChildren ? (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={childrenId}
            aria-label={t(isOpen ? "header.collapse" : "header.expand", { name: node.name })}
            onClick={() => onToggle(node.id)}
            className="cat-toggle"
            data-roomy={roomy || undefined}
            data-testid={`category-toggle-${node.id}`}
          />
        ) : null}
      </div>
      {/* A closed branch's entries are rendered when it opens (issue 18: most of the tree is
          closed, and its entries were most of the page's elements); every category stays
          reachable by links, from its parent's page (the subcategory chips). */}
      {hasChildren ? (
        <div id={childrenId} hidden={!isOpen}>
          {isOpen ? (
            <Branch
              nodes={node.subcategories}
              level={level + 1}
              current={current}
              ancestors={ancestors}
              expanded={expanded}
              onToggle={onToggle}
              baseId={baseId}
              onNavigate={onNavigate}
              roomy={roomy}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
