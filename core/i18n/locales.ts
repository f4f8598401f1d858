/** Czech is the source language; English mirrors its keys (a test checks that none is missing). */
export const locales = ["cs", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "cs";
