import type { Locale } from "#core/i18n/index.ts";
import { formatPrice } from "#core/money/money.ts";

/** A deal's amount: always in CZK, as the provider charges it (never converted to the visitor's currency). */
export const czk = (minor: number, locale: Locale) => formatPrice(minor, null, { locale });
