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
