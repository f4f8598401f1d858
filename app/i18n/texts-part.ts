import { ADMIN_PATHS } from "#core/i18n/admin-paths.ts";
import type { TextsPart } from "#core/i18n/index.ts";

const ADMIN_ROOTS = Object.values(ADMIN_PATHS.admin);

/** The back office's pages (/admin…, /en/admin…) need its texts too; every other page the site's. */
export function textsPartOf(pathname: string): TextsPart {
  return ADMIN_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`)) ? "admin" : "site";
}
