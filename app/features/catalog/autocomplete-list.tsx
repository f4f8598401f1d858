import type { ReactNode, RefObject } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { loadApiClient } from "#app/lib/api/index.ts";
import type { AutocompleteResult } from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";

/**
 * The search box's suggestions (autocomplete.tsx): their fetch, and the listbox that shows them in
 * groups, categories, then listings, then bottlings (issue 37).
 */

export type Option = {
  id: string;
  kind: "product" | "category" | "bottling";
  name: string;
  url: string;
  context: string | null;
};

/** The suggestions for `query` in the listbox's order, with ids unique in the page. */
export async function fetchSuggestions(
  query: string,
  locale: Locale,
  baseId: string,
  signal: AbortSignal,
): Promise<Option[]> {
  const api = await loadApiClient();
  const { data, response } = await api.GET("/catalog/autocomplete", {
    params: { query: { q: query, lang: locale } },
    signal,
  });
  if (!data) throw new Error(String(response.status));
  const body: AutocompleteResult = data;
  return [
    ...body.categories.map((entry) => ({
      ...entry,
      id: `${baseId}-c${entry.id}`,
      kind: "category" as const,
    })),
    ...body.products.map((entry) => ({ ...entry, id: `${baseId}-p${entry.id}`, kind: "product" as const })),
    ...(body.bottlings ?? []).map((entry) => ({
      ...entry,
      id: `${baseId}-b${entry.id}`,
      kind: "bottling" as const,
    })),
  ];
}

/** One suggestion; the input keeps the focus (a mouse down does not take it). */
function SuggestionOption({
  option,
  index,
  selected,
  onChoose,
  onHighlight,
}: {
  option: Option;
  index: number;
  selected: boolean;
  onChoose: (option: Option) => void;
  onHighlight: (index: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard (arrows and Enter), as the combobox pattern says
    <div
      id={option.id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      data-index={index}
      data-testid="autocomplete-option"
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option)}
      onMouseEnter={() => onHighlight(index)}
      className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-[0.88rem] ${selected ? "bg-primary-dark text-white" : "text-ink"}`}
    >
      <span className="min-w-0 truncate">{option.name}</span>
      {option.context ? (
        <span className={`shrink-0 truncate text-[0.72rem] ${selected ? "text-white/80" : "text-muted"}`}>
          {option.context}
        </span>
      ) : null}
    </div>
  );
}

/** A titled group of the listbox (categories, listings or bottlings); nothing when it is empty. */
function SuggestionGroup({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (a fieldset is a form element)
    <div role="group" aria-label={title}>
      <div
        aria-hidden="true"
        className="px-3 pt-1.5 pb-1 text-[0.66rem] font-bold tracking-[0.14em] text-muted uppercase"
      >
        {title}
      </div>
      {children}
    </div>
  );
}

/** What the listbox shows and does (the combobox's state, autocomplete.tsx). */
export type SuggestionListState = {
  listRef: RefObject<HTMLDivElement | null>;
  options: Option[];
  active: number;
  setActive: (index: number) => void;
  choose: (option: Option) => void;
  showList: boolean;
  expanded: boolean;
  loading: boolean;
};

/**
 * The listbox (categories, then listings, then bottlings), or the note that nothing matches once
 * the answer came back empty.
 */
export function SuggestionList({ listId, combobox }: { listId: string; combobox: SuggestionListState }) {
  const { t } = useTranslation();
  const { listRef, options, active, setActive, choose, showList, expanded, loading } = combobox;
  const optionsOf = (kind: Option["kind"]) =>
    options.flatMap((option, index) =>
      option.kind === kind
        ? [
            <SuggestionOption
              key={option.id}
              option={option}
              index={index}
              selected={index === active}
              onChoose={choose}
              onHighlight={setActive}
            />,
          ]
        : [],
    );
  return (
    <>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t("catalog.autocomplete.label")}
        hidden={!showList}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[200px] overflow-y-auto rounded-lg bg-white py-1 text-left shadow-xl ring-1 ring-ink/10"
        data-testid="autocomplete-list"
      >
        <SuggestionGroup title={t("catalog.autocomplete.categories")}>
          {optionsOf("category")}
        </SuggestionGroup>
        <SuggestionGroup title={t("catalog.autocomplete.products")}>{optionsOf("product")}</SuggestionGroup>
        <SuggestionGroup title={t("catalog.autocomplete.bottlings")}>{optionsOf("bottling")}</SuggestionGroup>
      </div>
      {expanded && options.length === 0 && !loading ? (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-40 mt-1 rounded-lg bg-white px-3 py-2 text-left text-[0.85rem] text-muted shadow-xl ring-1 ring-ink/10"
        >
          {t("catalog.autocomplete.none")}
        </p>
      ) : null}
    </>
  );
}
