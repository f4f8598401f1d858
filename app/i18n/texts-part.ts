import type { TextsPart } from "#core/i18n/index.ts";

/** The back office's pages (/admin…, /en/admin…) need its texts too; every other page the site's. */
export function textsPartOf(pathname: string): TextsPart {
  return /^\/(en\/)?admin(\/|$)/.test(pathname) ? "admin" : "site";
}
