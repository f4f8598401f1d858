import type { RefObject } from "react";

/** What the listing form offers to choose from (services.listings.formOptions). */
export type ListingFormOptions = {
  categories: { id: number; name: string; subcategories: { id: number; name: string; depth: number }[] }[];
  packages: { id: number; name: string }[];
  brands: string[];
};

/** What the edit form may no longer change: most after the first bid, the type and start once released. */
export type ListingFormLocks = { afterBid: boolean; released: boolean };

/** Field errors under the form's field names (category, price...), as the page's action answers them. */
export type ListingFormErrors = Record<string, string[] | undefined>;

/**
 * The live choices that decide which of the form's parts apply, as useListingChoices
 * (./use-listing-choices.ts) holds them and every section reads them. Here, beside the form's other
 * types, so the sections need not import the hook: the form, its sections and the hook were a
 * circle of three files.
 */
export type ListingChoices = {
  /** The form's part, to read at hydration what the seller chose before the scripts ran. */
  root: RefObject<HTMLDivElement | null>;
  type: string;
  setType: (value: string) => void;
  priceMode: string;
  setPriceMode: (value: string) => void;
  category: string;
  setCategory: (value: string) => void;
  subcategory: string;
  setSubcategory: (value: string) => void;
  activation: string;
  setActivation: (value: string) => void;
  duration: string;
  setDuration: (value: string) => void;
};
