import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { ListingFieldValues } from "#core/schemas/listing-form.ts";
import type { ListingChoices, ListingFormOptions } from "./listing-form-types.ts";

/**
 * The choices that decide which of the listing form's parts apply (the type, the price mode, the
 * category and its subcategory, the start, the auction's length), held in state so the form can
 * show only what applies once its scripts run.
 *
 * What the seller chose before the scripts ran is in the DOM, not in the state the server rendered
 * with: it is read once, at hydration (before the first client render is painted), so a category
 * picked early keeps its subcategories and a subcategory its choice.
 */
export function useListingChoices(values: ListingFieldValues, options: ListingFormOptions): ListingChoices {
  const [type, setType] = useState(values.type || "supply");
  const [priceMode, setPriceMode] = useState(values.priceMode || "price");
  const [category, setCategory] = useState(values.category);
  const [subcategory, setSubcategory] = useState(values.subcategory);
  const [activation, setActivation] = useState(values.activation || "now");
  const [duration, setDuration] = useState(values.duration || "week");
  const root = useRef<HTMLDivElement>(null);
  const setters: [string, (value: string) => void][] = [
    ["type", setType],
    ["priceMode", setPriceMode],
    ["category", setCategory],
    ["subcategory", setSubcategory],
    ["activation", setActivation],
    ["duration", setDuration],
  ];
  useReadAtHydration(root, setters, (sub) => {
    // Without scripts every subcategory is offered (grouped by category): one picked there
    // names its category, whatever the category select says.
    const parent = options.categories.find((entry) =>
      entry.subcategories.some((item) => String(item.id) === sub),
    );
    if (parent) setCategory(String(parent.id));
  });
  return {
    root,
    type,
    setType,
    priceMode,
    setPriceMode,
    category,
    setCategory,
    subcategory,
    setSubcategory,
    activation,
    setActivation,
    duration,
    setDuration,
  };
}

function useReadAtHydration(
  root: RefObject<HTMLDivElement | null>,
  setters: [string, (value: string) => void][],
  onSubcategory: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read at hydration only, on purpose.
  useLayoutEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    const read = (name: string) => {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLSelectElement) return field.value;
      if (field instanceof RadioNodeList) return field.value;
      return null;
    };
    for (const [name, set] of setters) {
      const value = read(name);
      if (value) set(value);
    }
    const sub = read("subcategory");
    if (sub) onSubcategory(sub);
  }, []);
}
