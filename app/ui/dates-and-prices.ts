/** Dates in Prague time (core/formats/dates.ts); shared with the catalogue's cards: the plural key of a count, and prices in the visitor's currency. */
export { formatDate, formatMonth, formatMonthYear, formatShortDateTime } from "#core/formats/dates.ts";
export { usePrice as usePriceFormatter } from "./format.ts";
