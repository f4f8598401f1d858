import { useEffect, useMemo, useRef } from "react";
import {
  CHECKBOX_TREE_DEPTH,
  type CheckMode,
  descendantIds,
  limitDepth,
  toggleCategory,
} from "#app/lib/category-checkbox-tree.ts";

export type CheckboxTreeNode = { id: number; name: string; subcategories: CheckboxTreeNode[] };

type CheckboxTreeProps = {
  categories: readonly CheckboxTreeNode[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** "down" (default): ticking ticks all descendants. "up": ticking ticks all ancestors. */
  mode?: CheckMode;
  /** Columns on desktop (4 or 6); fewer on smaller screens. */
  columns?: 4 | 6;
  /** Accessible name of the whole selector. */
  label: string;
};

const GRID: Record<4 | 6, string> = {
  4: "grid-cols-2 tablet:grid-cols-3 desktop:grid-cols-4",
  6: "grid-cols-2 tablet:grid-cols-3 desktop:grid-cols-6",
};

/**
 * The category checkbox selector (docs/product/screens.md, "Client state"): four levels. Each top
 * category is a group headed by its own checkbox; its subcategories form the columns (4 or 6 on
 * desktop, 3 on tablets, 2 on phones), each with levels three and four below it. What a click ticks
 * follows the mode; the logic is app/lib/category-checkbox-tree.ts. A category that is not ticked
 * but has ticked categories below it shows as partly ticked.
 */
export function CheckboxTree({
  categories,
  selected,
  onChange,
  mode = "down",
  columns = 4,
  label,
}: CheckboxTreeProps) {
  const tree = useMemo(() => limitDepth([...categories], CHECKBOX_TREE_DEPTH), [categories]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggle = (id: number) => onChange(toggleCategory(tree, selected, id, mode));

  return (
    <fieldset data-testid="checkbox-tree" className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-col gap-7">
        {tree.map((top) => (
          <section key={top.id} aria-label={top.name}>
            <div className="border-b border-line pb-2">
              <TreeCheckbox node={top} level={1} selected={selectedSet} onToggle={toggle} />
            </div>
            {top.subcategories.length > 0 ? (
              <ul className={`mt-4 grid gap-x-6 gap-y-5 ${GRID[columns]}`}>
                {top.subcategories.map((column) => (
                  <li key={column.id} className="min-w-0">
                    <TreeCheckbox node={column} level={2} selected={selectedSet} onToggle={toggle} />
                    <Branch nodes={column.subcategories} level={3} selected={selectedSet} onToggle={toggle} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </fieldset>
  );
}

function Branch({
  nodes,
  level,
  selected,
  onToggle,
}: {
  nodes: readonly CheckboxTreeNode[];
  level: number;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  if (nodes.length === 0) return null;
  return (
    <ul className={`mt-1.5 flex flex-col gap-1 ${level > 3 ? "ml-3 border-l border-line pl-2.5" : ""}`}>
      {nodes.map((node) => (
        <li key={node.id}>
          <TreeCheckbox node={node} level={level} selected={selected} onToggle={onToggle} />
          <Branch nodes={node.subcategories} level={level + 1} selected={selected} onToggle={onToggle} />
        </li>
      ))}
    </ul>
  );
}

const LEVEL_TEXT: Record<number, string> = {
  1: "font-serif text-lg text-primary-dark",
  2: "font-semibold text-ink",
  3: "text-[0.9rem] text-ink/90",
  4: "text-[0.85rem] text-muted",
};

function TreeCheckbox({
  node,
  level,
  selected,
  onToggle,
}: {
  node: CheckboxTreeNode;
  level: number;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const checked = selected.has(node.id);
  const partly = !checked && descendantIds(node).some((id) => selected.has(id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partly;
  }, [partly]);
  return (
    <label className="group flex cursor-pointer items-start gap-2.5 rounded py-0.5 leading-snug">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(node.id)}
        value={node.id}
        data-level={level}
        className="mt-[0.2em] size-4 shrink-0 cursor-pointer accent-primary-dark"
      />
      <span className={`${LEVEL_TEXT[level] ?? LEVEL_TEXT[4]} break-words group-hover:text-primary-dark`}>
        {node.name}
      </span>
    </label>
  );
}
