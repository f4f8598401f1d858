/** The largest id an `integer` column holds: a bigger number in a path or a form is refused before the database sees it. */
export const MAX_INT4 = 2_147_483_647;
