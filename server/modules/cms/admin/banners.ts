import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { BANNER_SORTABLE, BannerForm } from "#core/schemas/admin-content.ts";
import type { TablePage, TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { type Banner, banners } from "../tables.ts";
import {
  type Actor,
  actorOf,
  type ContentResult,
  iso,
  likePattern,
  offsetOf,
  pragueInstant,
  type RecordAudit,
} from "./common.ts";

/** A banner as the back office shows it; times in UTC ISO (the screen shows them in Prague time). */
export type AdminBanner = {
  id: number;
  groupKey: string;
  locale: "cs" | "en";
  title: string;
  url: string | null;
  position: number;
  isActive: boolean;
  activeFrom: string | null;
  activeTo: string | null;
  /** `${path}/${image}`, what the site shows. */
  imageUrl: string;
  /** On the site right now: switched on and within its schedule. */
  live: boolean;
};

export type BannerFilters = { group?: string; locale?: "cs" | "en" };
export type BannerImage = { path: string; image: string };

export function bannerDto(row: Banner, now = new Date()): AdminBanner {
  return {
    id: row.id,
    groupKey: row.groupKey,
    locale: row.locale,
    title: row.title,
    url: row.url,
    position: row.position,
    isActive: row.isActive,
    activeFrom: iso(row.activeFrom),
    activeTo: iso(row.activeTo),
    imageUrl: `${row.path}/${row.image}`,
    live: row.isActive && (!row.activeFrom || row.activeFrom <= now) && (!row.activeTo || row.activeTo > now),
  };
}

const SORT_COLUMNS = {
  title: banners.title,
  group: banners.groupKey,
  position: banners.position,
  activeFrom: banners.activeFrom,
} as const;

export async function listBanners(
  db: Db,
  query: TableQuery<(typeof BANNER_SORTABLE)[number]>,
  filters: BannerFilters = {},
): Promise<TablePage<AdminBanner>> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(ilike(banners.title, likePattern(query.q)));
  if (filters.group) conditions.push(eq(banners.groupKey, filters.group));
  if (filters.locale) conditions.push(eq(banners.locale, filters.locale));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = SORT_COLUMNS[query.sort ?? "position"];
  const order = query.dir === "asc" || !query.sort ? asc(column) : desc(column);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(where)
      .orderBy(asc(banners.groupKey), asc(banners.locale), order, asc(banners.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(banners).where(where),
  ]);
  return { rows: rows.map((row) => bannerDto(row)), total, page: query.page, size: query.size };
}

export async function bannerById(db: Db, id: number): Promise<AdminBanner | null> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).limit(1);
  return row ? bannerDto(row) : null;
}

const columnsOf = (form: BannerForm) => ({
  groupKey: form.groupKey,
  locale: form.locale,
  title: form.title,
  url: form.url || null,
  position: form.position,
  isActive: form.isActive,
  activeFrom: pragueInstant(form.activeFrom),
  activeTo: pragueInstant(form.activeTo),
});

/** A new banner: it needs its image. */
export async function createBanner(
  db: Db,
  audit: RecordAudit,
  form: BannerForm,
  image: BannerImage,
  actor: Actor,
): Promise<ContentResult<AdminBanner>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ ...columnsOf(form), ...image })
      .returning();
    const after = bannerDto(row);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.banner.create",
      entity: "banner",
      entityId: String(row.id),
      data: { before: null, after },
    });
    return { ok: true, value: after };
  });
}

/** Changes a banner; a new image replaces the old one (whose file the caller removes). */
export async function updateBanner(
  db: Db,
  audit: RecordAudit,
  id: number,
  form: BannerForm,
  image: BannerImage | null,
  actor: Actor,
): Promise<{ banner: AdminBanner; replacedImage: string | null } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
    if (!row) return null;
    const [updated] = await tx
      .update(banners)
      .set({ ...columnsOf(form), ...(image ?? {}), updatedAt: new Date() })
      .where(eq(banners.id, id))
      .returning();
    const after = bannerDto(updated);
    await audit(tx, {
      ...actorOf(actor),
      action: "content.banner.update",
      entity: "banner",
      entityId: String(id),
      data: { before: bannerDto(row), after },
    });
    return { banner: after, replacedImage: image ? `${row.path}/${row.image}` : null };
  });
}

/** Deletes a banner; answers its image's URL for the caller to remove, or null when none was found. */
export async function deleteBanner(db: Db, audit: RecordAudit, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!row) return null;
    await audit(tx, {
      ...actorOf(actor),
      action: "content.banner.delete",
      entity: "banner",
      entityId: String(id),
      data: { before: bannerDto(row), after: null },
    });
    return { imageUrl: `${row.path}/${row.image}` };
  });
}
