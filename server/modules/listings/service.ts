import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import {
  LISTING_FILTER_NAMES,
  LISTING_FILTERS,
  type ListingFilter,
  type OwnerActions,
  ownerActions,
  releaseState,
  UNPAID_LISTING_EXPIRY_DAYS,
} from "#core/lifecycles/listing.ts";
import { formatPrice } from "#core/money/money.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import { slugify } from "#server/db/seed/text.ts";
import type { Logger } from "#server/logger.ts";
import type { AuthUser } from "../auth/index.ts";
import type { ImageVariants } from "../media/index.ts";
import {
  createUploadLimiter,
  MAX_UPLOAD_PIXELS,
  tooManyUploadsMessage,
  type UploadLimiter,
} from "../media/index.ts";
import type { MessagesService, Notifier } from "../messages/index.ts";
import { openProductThread } from "../messages/index.ts";
import type { SettingsService } from "../settings/index.ts";
import type { ListingQuotaService } from "../users/index.ts";
import { requireConfirmedEmail } from "../users/index.ts";
import { BRAND_NAME_MAX, brandNameKey, cleanBrandName } from "./brand.ts";
import { type Fee, insertionFee, readInsertionFees } from "./fees.ts";
import {
  encodeListingImage,
  type ImageProblem,
  isUploadToken,
  type ListingImageStore,
  type StoredImage,
} from "./images.ts";
import { cleanDescription, type ImageRef, type ListingInput, ListingInputSchema } from "./schemas.ts";
import {
  type AuctionDuration,
  type ProductFormat,
  type ProductStatus,
  type ProductType,
  productImages,
  products,
} from "./tables/products.ts";
import { listingSubmissions } from "./tables/submissions.ts";
import { brands, categories, packages } from "./tables/taxonomy.ts";
import type { CatalogService } from "./taxonomy/catalog-service.ts";
import {
  cancel as cancelListing,
  createListing,
  expire,
  type ListingChanges,
  markSold as markListingSold,
  releaseAfterPayment as releaseListing,
  updateListing,
} from "./transitions.ts";

/**
 * User listings (issue 6): add, edit, cancel and relist auctions and classifieds, the seller's
 * own list, and the "write to the seller" thread. Status changes follow the lifecycle table
 * (lifecycle.ts) and are each recorded in product_status_changes. The bidding module owns what
 * happens once a listing is live (bids, the close, the activation job): this module asks it to
 * schedule those jobs through `ListingScheduler`, inside its own transaction, so a listing is
 * never live without its close job, nor scheduled without its activation job.
 */

/** The bidding module's job scheduling (server/modules/bidding/service.ts). */
export type ListingScheduler = {
  scheduleClose(productId: number, endsAt: Date, tx?: Db): Promise<void>;
  scheduleActivation(productId: number, activationAt: Date, tx?: Db): Promise<void>;
};

/** How far ahead a seller may plan the activation. */
export const MAX_ACTIVATION_AHEAD_MS = 90 * 24 * 3600 * 1000;
/** An activation date this close to now (the form's clock, a slow submit) counts as now. */
const ACTIVATION_SLACK_MS = 5 * 60 * 1000;
/** Widths of the variants rendered right after a save: the card and the gallery's main view. */
const WARM_WIDTHS = [320, 640] as const;
export const MY_LISTINGS_PAGE_SIZE = 20;
export const CONTACT_MESSAGE_MAX = 2000;

const DEFAULT_FEES = { auction: { week: 0, month: 0 }, classified: 0, demand: 0 };

export type ListingUser = Pick<AuthUser, "id" | "emailConfirmed" | "group" | "username">;

export type FormOptions = {
  categories: { id: number; name: string; subcategories: { id: number; name: string; depth: number }[] }[];
  packages: { id: number; name: string }[];
  brands: string[];
};

export type ImageView = { ref: ImageRef; url: string; width: number | null; height: number | null };

/** A listing checked and resolved: what will be stored. */
export type ResolvedListing = {
  type: ProductType;
  format: Extract<ProductFormat, "auction" | "classified">;
  categoryId: number;
  categoryPath: string[];
  brand: { id: number; name: string } | { id: null; name: string } | null;
  packageId: number;
  packageName: string;
  name: string;
  priceMinor: number | null;
  reservePriceMinor: number | null;
  description: string;
  images: ImageRef[];
  /** null = now (or, unpaid, the moment of payment). */
  activationAt: Date | null;
  duration: AuctionDuration | null;
};

export type MyListing = {
  id: number;
  format: ProductFormat;
  type: ProductType;
  status: ProductStatus;
  name: string;
  url: string;
  imageUrl: string | null;
  categoryName: string;
  bidCount: number;
  /** Auction: the leading price (the start price before the first bid); classified: its price (null = by agreement). */
  priceMinor: number | null;
  startPriceMinor: number | null;
  reservePriceMinor: number | null;
  watchers: number;
  duration: AuctionDuration | null;
  activationAt: string | null;
  endsAt: string | null;
  endedAt: string | null;
  createdAt: string;
  fee: (Fee & { paid: boolean }) | null;
  actions: OwnerActions;
  /** The new listing this one was listed again as. */
  relistedAsId: number | null;
  /** Promoted (topped) until then; null when not promoted now. */
  toppedUntil: string | null;
};

/** What the edit page needs: the stored listing as form input, its images and what is locked. */
export type EditableListing = {
  listing: MyListing;
  input: ListingInput;
  images: ImageView[];
  locks: EditLocks;
};

export type EditLocks = {
  /** A bid was placed: only the description and images (adding) may change. */
  afterBid: boolean;
  /** Paid or free and released (scheduled or active): type, format, duration and activation are fixed. */
  released: boolean;
};

type Invalid = { status: "invalid"; errors: FieldErrors };
/** A refusal: of the seller (e-mail, quota: 403), or of the listing's state (`conflict`: 409). */
type Refused = { status: "refused"; message: string; needsVerification?: boolean; conflict?: boolean };

/** Thrown inside a listing's transaction when the free quota ran out meanwhile (rolls it back). */
class QuotaUsedUp extends Error {}

export type CreateResult = { status: "created"; listing: MyListing } | Invalid | Refused;

export type ListingsServiceDeps = {
  db: Db;
  settings: Pick<SettingsService, "get">;
  quota: Pick<ListingQuotaService, "canAddListing">;
  scheduler: ListingScheduler;
  catalog: Pick<CatalogService, "refreshSearchText">;
  images: ListingImageStore;
  variants?: Pick<ImageVariants, "get">;
  /** Conversations (write to the seller) and notices (awaiting payment, paid, sold to you): the messages module. */
  conversations: Pick<MessagesService, "startThread">;
  notifier: Pick<Notifier, "notify">;
  /** Uploads per user and window, shared with the avatars (media/uploads.ts); its own when absent. */
  uploads?: UploadLimiter;
  logger?: Pick<Logger, "warn" | "error">;
  now?: () => Date;
};

/** Too many uploads in the window: the API answers 429 with Retry-After, a form shows the message. */
export type UploadsLimited = { status: "limited"; errors: FieldErrors; retryAfterSeconds: number };

/** Rows of a raw `execute` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

function listingSlug(name: string): string {
  return slugify(name).slice(0, 80).replace(/-+$/, "") || "inzerat";
}

function invalid(errors: FieldErrors): Invalid {
  return { status: "invalid", errors };
}

function addError(errors: FieldErrors, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

const IMAGE_PROBLEM_KEYS: Record<ImageProblem, string> = {
  empty: "validation.required",
  tooLarge: "listings.errors.imageTooLarge",
  tooManyPixels: "errors.imageTooManyPixels",
  notImage: "listings.errors.imageType",
  heic: "listings.errors.imageHeic",
  tooManyStaged: "listings.errors.imagesStagedTooMany",
};

type CategoryRow = { id: number; parentId: number | null; depth: number; position: number; name: string };

export function createListingsService(deps: ListingsServiceDeps) {
  const { db, images } = deps;
  const uploads = deps.uploads ?? createUploadLimiter();
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger;

  async function loadCategories(locale: Locale): Promise<CategoryRow[]> {
    const rows = await db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        depth: categories.depth,
        position: categories.position,
        nameCs: categories.nameCs,
        nameEn: categories.nameEn,
      })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id));
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      depth: row.depth,
      position: row.position,
      name: locale === "en" && row.nameEn ? row.nameEn : row.nameCs,
    }));
  }

  /** Every descendant of a root in tree order (depth first, by position), with its depth. */
  function descendants(rootId: number, rows: CategoryRow[]) {
    const children = new Map<number, CategoryRow[]>();
    for (const row of rows)
      if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
    const out: { id: number; name: string; depth: number; path: string[] }[] = [];
    const walk = (id: number, path: string[], guard: number) => {
      if (guard > 6) return;
      for (const child of children.get(id) ?? []) {
        const childPath = [...path, child.name];
        out.push({ id: child.id, name: child.name, depth: child.depth, path: childPath });
        walk(child.id, childPath, guard + 1);
      }
    };
    walk(rootId, [], 0);
    return out;
  }

  async function fees(): Promise<typeof DEFAULT_FEES> {
    const value = await deps.settings.get("fees");
    const parsed = readInsertionFees(value);
    if (!parsed) {
      logger?.warn({ value }, "the fees setting is missing or malformed: listings are free");
      return DEFAULT_FEES;
    }
    return parsed;
  }

  function feeFor(
    table: typeof DEFAULT_FEES,
    listing: Pick<ResolvedListing, "format" | "type" | "duration">,
    user: ListingUser,
  ): Fee {
    return insertionFee(
      table,
      { format: listing.format, type: listing.type, duration: listing.duration },
      user.group?.discount ?? 0,
    );
  }

  /**
   * Checks an input beyond its schema: the category tree, the package, the brand, the images'
   * ownership and the activation date. `existing` is the edited listing (its images may be kept).
   */
  async function resolve(
    user: ListingUser,
    raw: unknown,
    locale: Locale,
    existing?: { id: number; imageIds: number[]; activationAt: string | null },
  ): Promise<{ listing: ResolvedListing; input: ListingInput } | Invalid> {
    const parsed = ListingInputSchema.safeParse(raw ?? {});
    const errors: FieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, locale);
    if (!parsed.success) return invalid(errors);
    const input = parsed.data;
    const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);

    const rows = await loadCategories(locale);
    const root = rows.find((row) => row.id === input.categoryId && row.depth === 1);
    let categoryId = input.categoryId;
    let categoryPath: string[] = [];
    if (!root) addError(errors, "categoryId", t("listings.errors.chooseValue"));
    else {
      categoryPath = [root.name];
      const below = descendants(root.id, rows);
      if (input.subcategoryId != null) {
        const sub = below.find((row) => row.id === input.subcategoryId);
        if (!sub) addError(errors, "subcategoryId", t("listings.errors.chooseValue"));
        else {
          categoryId = sub.id;
          categoryPath = [root.name, ...sub.path];
        }
      } else if (below.length > 0) addError(errors, "subcategoryId", t("listings.errors.chooseValue"));
    }

    const [pkg] = await db
      .select({ id: packages.id, nameCs: packages.nameCs, nameEn: packages.nameEn })
      .from(packages)
      .where(eq(packages.id, input.packageId))
      .limit(1);
    if (!pkg) addError(errors, "packageId", t("listings.errors.chooseValue"));

    let brand: ResolvedListing["brand"] = null;
    const brandName = cleanBrandName(input.brand ?? "");
    if (brandName.length > BRAND_NAME_MAX)
      addError(errors, "brand", t("validation.max", { length: BRAND_NAME_MAX }));
    else if (brandName.length > 0) {
      const [found] = await db
        .select({ id: brands.id, name: brands.name })
        .from(brands)
        .where(eq(brands.nameKey, brandNameKey(brandName)))
        .limit(1);
      brand = found ?? { id: null, name: brandName };
    }

    const kept = new Set(existing?.imageIds ?? []);
    for (const ref of input.images) {
      const ok = typeof ref === "number" ? kept.has(ref) : await images.hasStaged(user.id, ref);
      if (!ok) {
        addError(errors, "images", t("listings.errors.imageUnknown"));
        break;
      }
    }

    let activationAt: Date | null = null;
    const unchanged =
      existing?.activationAt != null &&
      input.activationAt != null &&
      Math.abs(new Date(input.activationAt).getTime() - new Date(existing.activationAt).getTime()) < 1000;
    if (unchanged) activationAt = new Date(existing.activationAt!);
    else if (input.activationAt) {
      const at = new Date(input.activationAt);
      const current = now().getTime();
      if (at.getTime() < current - ACTIVATION_SLACK_MS)
        addError(errors, "activationAt", t("listings.errors.activationPast"));
      else if (at.getTime() > current + MAX_ACTIVATION_AHEAD_MS)
        addError(errors, "activationAt", t("listings.errors.activationTooFar", { days: 90 }));
      else if (at.getTime() > current + ACTIVATION_SLACK_MS) activationAt = at;
    }

    if (Object.keys(errors).length > 0) return invalid(errors);
    const auction = input.type === "supply" && input.priceMinor !== null;
    return {
      input,
      listing: {
        type: input.type,
        format: auction ? "auction" : "classified",
        categoryId,
        categoryPath,
        brand,
        packageId: pkg!.id,
        packageName: locale === "en" && pkg!.nameEn ? pkg!.nameEn : pkg!.nameCs,
        name: input.name,
        priceMinor: input.priceMinor,
        reservePriceMinor: auction ? (input.reservePriceMinor ?? null) : null,
        description: input.description,
        images: input.images,
        activationAt,
        duration: auction ? (input.duration ?? "week") : null,
      },
    };
  }

  /** The brand's id, adding a new brand on first use (two sellers adding it at once get one row). */
  async function brandId(tx: Db, brand: ResolvedListing["brand"], userId: number): Promise<number | null> {
    if (!brand) return null;
    if (brand.id !== null) return brand.id;
    const key = brandNameKey(brand.name);
    await tx
      .insert(brands)
      .values({ name: brand.name, nameKey: key, createdById: userId })
      .onConflictDoNothing({ target: brands.nameKey });
    const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.nameKey, key)).limit(1);
    return row?.id ?? null;
  }

  /** The job that follows a release: the activation at its date, or the close of a live auction. */
  async function scheduleAfterRelease(
    tx: Db,
    productId: number,
    state: Pick<ReturnType<typeof releaseState>, "status" | "activationAt" | "endsAt">,
    format: ProductFormat,
  ) {
    if (state.status === "scheduled")
      await deps.scheduler.scheduleActivation(productId, state.activationAt, tx);
    else if (format === "auction" && state.endsAt)
      await deps.scheduler.scheduleClose(productId, state.endsAt, tx);
  }

  /** Stores the listing's images in order: kept ones re-positioned, staged ones copied in. */
  async function storeImages(
    tx: Db,
    userId: number,
    productId: number,
    refs: ImageRef[],
    alt: string,
    written: StoredImage[],
  ) {
    for (const [position, ref] of refs.entries()) {
      if (typeof ref === "number") {
        await tx
          .update(productImages)
          .set({ position })
          .where(and(eq(productImages.id, ref), eq(productImages.productId, productId)));
        continue;
      }
      const stored = await images.adopt(userId, ref, productId);
      written.push(stored);
      await tx.insert(productImages).values({ productId, position, alt, ...stored });
    }
  }

  /** Renders the common variants of new photos now, so the first visitors do not wait for them. */
  function warmVariants(stored: StoredImage[]) {
    const variants = deps.variants;
    if (!variants || stored.length === 0) return;
    void (async () => {
      for (const image of stored)
        for (const width of WARM_WIDTHS)
          await variants.get({
            kind: "width",
            width,
            relative: `${image.path.replace(/^\/uploads\//, "")}/${image.fileName}`,
          });
    })().catch((err) => logger?.warn({ err }, "could not render listing image variants"));
  }

  async function afterSave(productId: number, userId: number, staged: string[], stored: StoredImage[]) {
    await images.discardStaged(userId, staged);
    await deps.catalog
      .refreshSearchText({ productIds: [productId] })
      .catch((err) => logger?.error({ err, productId }, "could not refresh the search text"));
    warmVariants(stored);
  }

  /** The seller hears that a new listing waits for its insertion fee (a link to their listings). */
  async function tellAwaitingPayment(tx: Db, sellerId: number, productId: number, feeMinor: number) {
    await deps.notifier.notify(tx, sellerId, "awaiting_payment", {
      productId,
      values: { fee: formatPrice(feeMinor, null) },
      link: { page: "accountAdvertisements", query: "?filter=pending" },
    });
  }

  /** Refuses when the seller may not add a listing now: unconfirmed e-mail, or the free quota used up. */
  async function mayAdd(user: ListingUser, locale: Locale): Promise<Refused | null> {
    const email = requireConfirmedEmail(user, locale);
    if (!email.ok) return { status: "refused", message: email.reason };
    const quota = await deps.quota.canAddListing(user.id);
    return quota.ok ? null : quotaRefusal(locale);
  }

  function quotaRefusal(locale: Locale): Refused {
    return {
      status: "refused",
      message: translate(locale, "listings.errors.quota"),
      needsVerification: true,
    };
  }

  async function myListingRows(
    userId: number,
    where: ReturnType<typeof sql>,
    locale: Locale,
    limit: number,
    offset: number,
  ) {
    const result = await db.execute(sql`
      select p.id, p.format, p.type, p.status, p.name_cs, p.name_en, p.slug_cs, p.slug_en,
        c.slug_cs as category_slug_cs, c.slug_en as category_slug_en, c.name_cs as category_name_cs,
        c.name_en as category_name_en, p.bid_count, p.price_minor, p.start_price_minor,
        p.current_price_minor, p.reserve_price_minor, p.auction_duration, p.activation_at, p.ends_at,
        p.ended_at, p.created_at, p.winner_id,
        case when p.topped_until > now() then p.topped_until end as topped_until,
        (select i.path || '/' || i.file_name from ${productImages} i where i.product_id = p.id
          order by i.position, i.id limit 1) as image,
        (select count(*)::int from wishlist_items w where w.product_id = p.id) as watchers,
        s.fee_base_minor, s.fee_discount_percent, s.fee_minor, s.fee_paid_at,
        (select r.product_id from ${listingSubmissions} r where r.relisted_from_id = p.id
          order by r.product_id desc limit 1) as relisted_as_id
      from ${products} p
      join ${categories} c on c.id = p.category_id
      left join ${listingSubmissions} s on s.product_id = p.id
      where p.seller_id = ${userId} and ${where}
      order by p.created_at desc, p.id desc
      limit ${limit} offset ${offset}`);
    return rowsOf<Record<string, unknown>>(result).map((row) => toMyListing(row, locale));
  }

  function toMyListing(row: Record<string, unknown>, locale: Locale): MyListing {
    const en = locale === "en";
    const str = (value: unknown) => (value === null || value === undefined ? null : String(value));
    const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const id = Number(row.id);
    const format = row.format as ProductFormat;
    const status = row.status as ProductStatus;
    const bidCount = Number(row.bid_count);
    const winnerId = num(row.winner_id);
    const feeMinor = num(row.fee_minor);
    return {
      id,
      format,
      type: row.type as ProductType,
      status,
      name: (en && str(row.name_en)) || String(row.name_cs),
      url: localePath("product", locale, {
        id,
        category: (en && str(row.category_slug_en)) || String(row.category_slug_cs),
        product: (en && str(row.slug_en)) || String(row.slug_cs),
      }),
      imageUrl: str(row.image),
      categoryName: (en && str(row.category_name_en)) || String(row.category_name_cs),
      bidCount,
      priceMinor:
        format === "auction"
          ? (num(row.current_price_minor) ?? num(row.start_price_minor))
          : num(row.price_minor),
      startPriceMinor: num(row.start_price_minor),
      reservePriceMinor: num(row.reserve_price_minor),
      watchers: Number(row.watchers ?? 0),
      duration: (row.auction_duration as AuctionDuration | null) ?? null,
      activationAt: iso(row.activation_at as string | null),
      endsAt: iso(row.ends_at as string | null),
      endedAt: iso(row.ended_at as string | null),
      createdAt: iso(row.created_at as string)!,
      fee:
        feeMinor === null
          ? null
          : {
              baseMinor: Number(row.fee_base_minor),
              discountPercent: Number(row.fee_discount_percent),
              discountMinor: Number(row.fee_base_minor) - feeMinor,
              amountMinor: feeMinor,
              paid: row.fee_paid_at !== null && row.fee_paid_at !== undefined,
            },
      actions: ownerActions({
        status,
        format,
        bidCount,
        winnerId,
        feeDue:
          feeMinor !== null && feeMinor > 0 && (row.fee_paid_at === null || row.fee_paid_at === undefined),
      }),
      relistedAsId: num(row.relisted_as_id),
      toppedUntil: iso(row.topped_until as string | null),
    };
  }

  async function listing(userId: number, id: number, locale: Locale): Promise<MyListing | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const [row] = await myListingRows(userId, sql`p.id = ${id}`, locale, 1, 0);
    return row ?? null;
  }

  /** The owner's listing locked for a change, or null (missing, or another user's: the same to the caller). */
  async function lockOwn(tx: Db, userId: number, id: number) {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.sellerId, userId)))
      .for("update");
    return row ?? null;
  }

  const service = {
    /** Categories (top level with their subcategories), packages and known brand names for the form. */
    async formOptions(locale: Locale): Promise<FormOptions> {
      const [rows, packageRows, brandRows] = await Promise.all([
        loadCategories(locale),
        db
          .select({ id: packages.id, nameCs: packages.nameCs, nameEn: packages.nameEn })
          .from(packages)
          .orderBy(asc(packages.position), asc(packages.id)),
        db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name)).limit(2000),
      ]);
      return {
        categories: rows
          .filter((row) => row.depth === 1)
          .map((root) => ({
            id: root.id,
            name: root.name,
            subcategories: descendants(root.id, rows).map((row) => ({
              id: row.id,
              name: row.path.join(" › "),
              depth: row.depth,
            })),
          })),
        packages: packageRows.map((row) => ({
          id: row.id,
          name: locale === "en" && row.nameEn ? row.nameEn : row.nameCs,
        })),
        brands: brandRows.map((row) => row.name),
      };
    },

    /** Checks a new listing without saving it (the preview): the resolved listing and its fee. */
    async preview(
      user: ListingUser,
      raw: unknown,
      locale: Locale,
    ): Promise<
      | {
          status: "ok";
          listing: ResolvedListing;
          fee: Fee;
          images: ImageView[];
          /** Where it would go on submit now, and its planned dates (ISO). */
          schedule: { status: ProductStatus; activationAt: string | null; endsAt: string | null };
        }
      | Invalid
      | Refused
    > {
      const refused = await mayAdd(user, locale);
      if (refused) return refused;
      const resolved = await resolve(user, raw, locale);
      if ("status" in resolved) return resolved;
      const fee = feeFor(await fees(), resolved.listing, user);
      const planned = releaseState(resolved.listing, now());
      const unpaid = fee.amountMinor > 0;
      return {
        status: "ok",
        listing: resolved.listing,
        fee,
        images: service.stagedViews(user.id, resolved.listing.images),
        schedule: {
          status: unpaid ? "awaiting_payment" : planned.status,
          // Unpaid and "now": it starts when paid, so neither date is known yet.
          activationAt: unpaid && !resolved.listing.activationAt ? null : iso(planned.activationAt),
          endsAt: unpaid && !resolved.listing.activationAt ? null : iso(planned.endsAt),
        },
      };
    },

    /** Thumbnails of staged uploads (the add form after a round trip). */
    stagedViews(userId: number, refs: readonly unknown[]): ImageView[] {
      return refs.flatMap((ref) => {
        const url = isUploadToken(ref) ? images.stagedUrl(userId, ref) : null;
        return url ? [{ ref: ref as string, url, width: null, height: null }] : [];
      });
    },

    /**
     * Adds a listing. Its fee (the `fees` setting, less the group discount) decides where it
     * starts: above zero it awaits payment; free, it is scheduled for a future activation date or
     * live at once, with its end computed from its duration.
     */
    async create(user: ListingUser, raw: unknown, locale: Locale): Promise<CreateResult> {
      const refused = await mayAdd(user, locale);
      if (refused) return refused;
      const resolved = await resolve(user, raw, locale);
      if ("status" in resolved) return resolved;
      const { listing: data } = resolved;
      const fee = feeFor(await fees(), data, user);
      const at = now();
      const written: StoredImage[] = [];
      let productId: number;
      try {
        productId = await db.transaction(async (tx) => {
          if (!(await deps.quota.canAddListing(user.id, tx)).ok) throw new QuotaUsedUp();
          const released = fee.amountMinor > 0 ? null : releaseState(data, at);
          const status: ProductStatus = released?.status ?? "awaiting_payment";
          const productId = await createListing(
            tx,
            {
              format: data.format,
              type: data.type,
              status,
              sellerId: user.id,
              categoryId: data.categoryId,
              brandId: await brandId(tx, data.brand, user.id),
              packageId: data.packageId,
              nameCs: data.name,
              slugCs: listingSlug(data.name),
              descriptionCs: data.description,
              priceMinor: data.format === "classified" ? data.priceMinor : null,
              startPriceMinor: data.format === "auction" ? data.priceMinor : null,
              reservePriceMinor: data.reservePriceMinor,
              taxRate: 0,
              auctionDuration: data.duration,
              // Unpaid: the chosen date (null = as soon as paid); the end is fixed at the release.
              activationAt: released?.activationAt ?? data.activationAt,
              endsAt: released?.endsAt ?? null,
              createdAt: at,
              updatedAt: at,
            },
            { actorId: user.id, reason: "submitted", at },
          );
          const row = { id: productId };
          await tx.insert(listingSubmissions).values({
            productId: row.id,
            feeBaseMinor: fee.baseMinor,
            feeDiscountPercent: fee.discountPercent,
            feeMinor: fee.amountMinor,
            feePaidAt: fee.amountMinor > 0 ? null : at,
            createdAt: at,
            updatedAt: at,
          });
          await storeImages(tx, user.id, row.id, data.images, data.name, written);
          if (released) await scheduleAfterRelease(tx, row.id, released, data.format);
          else await tellAwaitingPayment(tx, user.id, row.id, fee.amountMinor);
          return row.id;
        });
      } catch (error) {
        await images.remove(written);
        if (error instanceof QuotaUsedUp) return quotaRefusal(locale);
        throw error;
      }
      await afterSave(productId, user.id, data.images.filter(isUploadToken), written);
      return { status: "created", listing: (await listing(user.id, productId, locale))! };
    },

    /** The seller's listing with what the edit page needs; null for a missing or another user's listing. */
    async editable(userId: number, id: number, locale: Locale): Promise<EditableListing | null> {
      const view = await listing(userId, id, locale);
      if (!view) return null;
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      const imageRows = await db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position), asc(productImages.id));
      const [category] = await db
        .select({ id: categories.id, parentId: categories.parentId, depth: categories.depth })
        .from(categories)
        .where(eq(categories.id, row.categoryId))
        .limit(1);
      // The stored category is the subcategory; its top-level ancestor is the form's category.
      let rootId = category?.id ?? row.categoryId;
      if (category && category.depth > 1) {
        const chain = rowsOf<{ id: number }>(
          await db.execute(sql`
            with recursive up(id, parent_id, depth) as (
              select id, parent_id, depth from ${categories} where id = ${category.id}
              union all
              select c.id, c.parent_id, c.depth from ${categories} c join up on c.id = up.parent_id where up.depth > 1
            )
            select id from up where depth = 1`),
        );
        rootId = Number(chain[0]?.id ?? rootId);
      }
      const [brand] = row.brandId
        ? await db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)).limit(1)
        : [];
      return {
        listing: view,
        input: {
          type: row.type,
          categoryId: rootId,
          subcategoryId: rootId === row.categoryId ? null : row.categoryId,
          brand: brand?.name ?? null,
          packageId: row.packageId ?? 0,
          name: row.nameCs,
          priceMinor: row.format === "auction" ? row.startPriceMinor : row.priceMinor,
          reservePriceMinor: row.reservePriceMinor,
          description: row.descriptionCs,
          images: imageRows.map((image) => image.id),
          activationAt: row.activationAt?.toISOString() ?? null,
          duration: row.auctionDuration,
        },
        images: imageRows.map((image) => ({
          ref: image.id,
          url: `${image.path.replace(/\/+$/, "")}/${image.fileName}`,
          width: image.width,
          height: image.height,
        })),
        locks: {
          afterBid: row.bidCount > 0,
          released: row.status !== "awaiting_payment" && row.status !== "draft",
        },
      };
    },

    /**
     * Saves the seller's changes. Before the first bid everything but the type, the format (price
     * or by agreement), the duration and the activation date may change; those four are fixed
     * once the listing is paid or released, since its fee and its dates were decided by them.
     * After the first bid only the description and the images may change, and no image may go:
     * bidders bid on what they saw. Checked under the row lock, so a bid arriving meanwhile wins.
     */
    async update(
      user: ListingUser,
      id: number,
      raw: unknown,
      locale: Locale,
    ): Promise<{ status: "saved"; listing: MyListing } | Invalid | Refused | { status: "not_found" }> {
      const before = await service.editable(user.id, id, locale);
      if (!before) return { status: "not_found" };
      if (!before.listing.actions.edit)
        return {
          status: "refused",
          message: translate(locale, "listings.errors.notEditable"),
          conflict: true,
        };
      const resolved = await resolve(user, raw, locale, {
        id,
        imageIds: before.images.map((image) => image.ref as number),
        activationAt: before.input.activationAt ?? null,
      });
      if ("status" in resolved) return resolved;
      const { listing: data, input } = resolved;
      const t = (key: string) => translate(locale, key);
      // Read before the transaction: PGlite's one connection is the transaction's until it ends.
      const table = await fees();
      const at = now();
      const written: StoredImage[] = [];
      let removed: { path: string; fileName: string }[] = [];
      let outcome: { status: "saved" } | Invalid | Refused | { status: "not_found" };
      try {
        outcome = await db.transaction(async (tx) => {
          const row = await lockOwn(tx, user.id, id);
          if (!row) return { status: "not_found" as const };
          const actions = ownerActions(row);
          if (!actions.edit)
            return { status: "refused" as const, message: t("listings.errors.notEditable"), conflict: true };
          const errors: FieldErrors = {};
          const storedImages = await tx
            .select({ id: productImages.id, path: productImages.path, fileName: productImages.fileName })
            .from(productImages)
            .where(eq(productImages.productId, id));
          const afterBid = row.bidCount > 0;
          const released = row.status !== "awaiting_payment" && row.status !== "draft";
          const stored = before.input;
          const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
          if (afterBid) {
            const locked: [string, boolean][] = [
              ["type", same(input.type, stored.type)],
              ["categoryId", same(input.categoryId, stored.categoryId)],
              ["subcategoryId", same(input.subcategoryId, stored.subcategoryId)],
              ["brand", brandNameKey(input.brand ?? "") === brandNameKey(stored.brand ?? "")],
              ["packageId", same(input.packageId, stored.packageId)],
              ["name", same(input.name, stored.name)],
              ["priceMinor", same(input.priceMinor, stored.priceMinor)],
              ["reservePriceMinor", same(input.reservePriceMinor, stored.reservePriceMinor)],
              ["duration", same(data.duration, row.auctionDuration)],
            ];
            for (const [field, unchanged] of locked)
              if (!unchanged) addError(errors, field, t("listings.errors.lockedAfterBid"));
            const keptIds = new Set(input.images.filter((ref) => typeof ref === "number"));
            if (storedImages.some((image) => !keptIds.has(image.id)))
              addError(errors, "images", t("listings.errors.imagesKeptAfterBid"));
          }
          if (released) {
            if (data.format !== row.format || data.type !== row.type)
              addError(
                errors,
                data.type !== row.type ? "type" : "priceMinor",
                t("listings.errors.lockedReleased"),
              );
            if (!same(data.duration, row.auctionDuration))
              addError(errors, "duration", t("listings.errors.lockedReleased"));
            const wanted = data.activationAt?.getTime() ?? null;
            const current = row.activationAt?.getTime() ?? null;
            if (input.activationAt != null && wanted !== current && row.status !== "scheduled")
              addError(errors, "activationAt", t("listings.errors.lockedReleased"));
          }
          if (Object.keys(errors).length > 0) return invalid(errors);

          const changes: ListingChanges = {
            descriptionCs: data.description,
            updatedAt: at,
          };
          if (!afterBid) {
            Object.assign(changes, {
              categoryId: data.categoryId,
              brandId: await brandId(tx, data.brand, user.id),
              packageId: data.packageId,
              nameCs: data.name,
              slugCs: listingSlug(data.name),
              reservePriceMinor: data.reservePriceMinor,
            });
            if (data.format === "auction") {
              changes.startPriceMinor = data.priceMinor;
              // A lowered start price is just the new start: an auction is never a sale (only a
              // shop product is, core/rules/sale.ts), so no old price is kept to strike through.
              changes.originalPriceMinor = null;
              changes.isPriceSaleActive = false;
            } else changes.priceMinor = data.priceMinor;
          }
          if (!released) {
            // Unpaid: everything may change, and the fee follows (nothing was paid yet).
            Object.assign(changes, {
              type: data.type,
              format: data.format,
              auctionDuration: data.duration,
              activationAt: data.activationAt,
              priceMinor: data.format === "classified" ? data.priceMinor : null,
              startPriceMinor: data.format === "auction" ? data.priceMinor : null,
            });
            const fee = feeFor(table, data, user);
            await tx
              .update(listingSubmissions)
              .set({
                feeBaseMinor: fee.baseMinor,
                feeDiscountPercent: fee.discountPercent,
                feeMinor: fee.amountMinor,
                updatedAt: at,
              })
              .where(eq(listingSubmissions.productId, id));
          } else if (row.status === "scheduled" && data.activationAt) {
            // A scheduled listing may move its start (not into the past); its end moves along.
            const state = releaseState(
              { ...row, duration: row.auctionDuration, activationAt: data.activationAt },
              at,
            );
            changes.activationAt = state.activationAt;
            changes.endsAt = state.endsAt;
            if (state.status === "scheduled")
              await deps.scheduler.scheduleActivation(id, state.activationAt, tx);
          }
          await updateListing(tx, id, changes);

          const keep = new Set(input.images.filter((ref) => typeof ref === "number"));
          const gone = storedImages.filter((image) => !keep.has(image.id));
          if (gone.length > 0)
            await tx.delete(productImages).where(
              inArray(
                productImages.id,
                gone.map((image) => image.id),
              ),
            );
          removed = gone;
          await storeImages(tx, user.id, id, input.images, data.name, written);
          return { status: "saved" as const };
        });
      } catch (error) {
        await images.remove(written);
        throw error;
      }
      if (outcome.status !== "saved") {
        await images.remove(written);
        return outcome;
      }
      await images.remove(removed);
      await afterSave(id, user.id, input.images.filter(isUploadToken), written);
      return { status: "saved", listing: (await listing(user.id, id, locale))! };
    },

    /**
     * Listings whose insertion fee stayed unpaid for UNPAID_LISTING_EXPIRY_DAYS expire (the
     * lifecycle's "never paid"): the nightly job's work. Returns their ids. A payment arriving at
     * the same moment wins or loses on the row lock; a fee paid after expiry is refunded.
     */
    async expireUnpaid(): Promise<number[]> {
      const at = now();
      const before = new Date(at.getTime() - UNPAID_LISTING_EXPIRY_DAYS * 24 * 60 * 60 * 1000);
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.status, "awaiting_payment"), lt(products.createdAt, before)))
          .for("update", { skipLocked: true });
        return expire(
          tx,
          rows.map((row) => row.id),
          at,
        );
      });
    },

    /** Withdraws a listing nobody has bid on (under the row lock: a bid arriving first wins). */
    async cancel(
      user: Pick<ListingUser, "id">,
      id: number,
      locale: Locale,
    ): Promise<{ status: "cancelled"; listing: MyListing } | Refused | { status: "not_found" }> {
      const result = await db.transaction(async (tx) => {
        const row = await lockOwn(tx, user.id, id);
        if (!row) return { status: "not_found" as const };
        if (!ownerActions(row).cancel)
          return {
            status: "refused" as const,
            message: translate(
              locale,
              row.bidCount > 0 ? "listings.errors.cancelAfterBid" : "listings.errors.notCancellable",
            ),
            conflict: true,
          };
        await cancelListing(tx, id, { actorId: user.id, reason: "seller", at: now() });
        return { status: "cancelled" as const };
      });
      if (result.status !== "cancelled") return result;
      return { status: "cancelled", listing: (await listing(user.id, id, locale))! };
    },

    /**
     * Lists an unsold listing again (ended without a winner, expired unpaid, or withdrawn): a new
     * listing copying the old one's item, prices, duration and photos, with new dates and its own
     * fee, linked to the old one (which stays as it was). Once per listing.
     */
    async relist(
      user: ListingUser,
      id: number,
      locale: Locale,
    ): Promise<{ status: "created"; listing: MyListing } | Refused | { status: "not_found" }> {
      const old = await listing(user.id, id, locale);
      if (!old) return { status: "not_found" };
      if (!old.actions.relist)
        return {
          status: "refused",
          message: translate(locale, "listings.errors.notRelistable"),
          conflict: true,
        };
      if (old.relistedAsId !== null)
        return {
          status: "refused",
          message: translate(locale, "listings.errors.alreadyRelisted"),
          conflict: true,
        };
      const refused = await mayAdd(user, locale);
      if (refused) return refused;
      const table = await fees();
      const at = now();
      const written: StoredImage[] = [];
      let productId: number | null;
      try {
        productId = await db.transaction(async (tx) => {
          if (!(await deps.quota.canAddListing(user.id, tx)).ok) throw new QuotaUsedUp();
          const row = await lockOwn(tx, user.id, id);
          if (!row || !ownerActions(row).relist) return null;
          const [again] = await tx
            .select({ id: listingSubmissions.productId })
            .from(listingSubmissions)
            .where(eq(listingSubmissions.relistedFromId, id))
            .limit(1);
          if (again) return null;
          const kind = {
            format: row.format === "auction" ? ("auction" as const) : ("classified" as const),
            type: row.type,
            duration: row.auctionDuration,
          };
          const fee = feeFor(table, kind, user);
          const released = fee.amountMinor > 0 ? null : releaseState({ ...kind, activationAt: null }, at);
          const status: ProductStatus = released?.status ?? "awaiting_payment";
          const copyId = await createListing(
            tx,
            {
              format: row.format,
              type: row.type,
              status,
              sellerId: user.id,
              categoryId: row.categoryId,
              brandId: row.brandId,
              packageId: row.packageId,
              nameCs: row.nameCs,
              nameEn: row.nameEn,
              slugCs: row.slugCs,
              slugEn: row.slugEn,
              descriptionCs: row.descriptionCs,
              descriptionEn: row.descriptionEn,
              priceMinor: row.priceMinor,
              // The price the seller last asked, not a lowered one's old price.
              startPriceMinor: row.startPriceMinor,
              reservePriceMinor: row.reservePriceMinor,
              taxRate: row.taxRate,
              auctionDuration: row.auctionDuration,
              activationAt: released?.activationAt ?? null,
              endsAt: released?.endsAt ?? null,
              createdAt: at,
              updatedAt: at,
            },
            { actorId: user.id, reason: `relisted_from:${id}`, at },
          );
          const copy = { id: copyId };
          await tx.insert(listingSubmissions).values({
            productId: copy.id,
            feeBaseMinor: fee.baseMinor,
            feeDiscountPercent: fee.discountPercent,
            feeMinor: fee.amountMinor,
            feePaidAt: fee.amountMinor > 0 ? null : at,
            relistedFromId: id,
            createdAt: at,
            updatedAt: at,
          });
          const photos = await tx
            .select()
            .from(productImages)
            .where(eq(productImages.productId, id))
            .orderBy(asc(productImages.position), asc(productImages.id));
          let position = 0;
          for (const photo of photos) {
            const stored = await images.copy(photo, copy.id);
            if (!stored) continue;
            written.push(stored);
            await tx.insert(productImages).values({
              productId: copy.id,
              position: position++,
              alt: photo.alt,
              ...stored,
              width: stored.width || photo.width,
              height: stored.height || photo.height,
            });
          }
          if (released) await scheduleAfterRelease(tx, copy.id, released, row.format);
          else await tellAwaitingPayment(tx, user.id, copy.id, fee.amountMinor);
          return copy.id;
        });
      } catch (error) {
        await images.remove(written);
        if (error instanceof QuotaUsedUp) return quotaRefusal(locale);
        throw error;
      }
      if (productId === null) {
        await images.remove(written);
        return {
          status: "refused",
          message: translate(locale, "listings.errors.notRelistable"),
          conflict: true,
        };
      }
      await afterSave(productId, user.id, [], written);
      return { status: "created", listing: (await listing(user.id, productId, locale))! };
    },

    /**
     * The payments module's hook: the fee of an unpaid listing was paid, so it is scheduled (a
     * future activation date) or goes live now, its end computed from that moment. Returns
     * whether it was released now (false when it was not awaiting payment: a repeated webhook).
     */
    async releaseAfterPayment(productId: number, outer?: Db): Promise<boolean> {
      const at = now();
      // The payments module passes its transaction: the order is paid if and only if this commits.
      const inTransaction = <T>(work: (tx: Db) => Promise<T>) => (outer ? work(outer) : db.transaction(work));
      const released = await inTransaction(async (tx) => {
        const state = await releaseListing(tx, productId, at);
        if (!state) return false;
        await tx
          .update(listingSubmissions)
          .set({ feePaidAt: at, updatedAt: at })
          .where(eq(listingSubmissions.productId, productId));
        await scheduleAfterRelease(tx, productId, state, state.format);
        if (state.sellerId !== null)
          await deps.notifier.notify(tx, state.sellerId, "payment_received", {
            productId,
            variant: state.status,
            link: { page: "accountAdvertisements" },
          });
        return true;
      });
      return released;
    },

    /** One of the seller's listings; null when missing or another user's. */
    listing,

    /** The seller's listings, newest first, with the count of each filter (the tabs). */
    async myListings(
      userId: number,
      options: { filter?: ListingFilter; page?: number },
      locale: Locale,
    ): Promise<{
      items: MyListing[];
      filter: ListingFilter;
      page: number;
      pages: number;
      counts: Record<ListingFilter, number>;
    }> {
      const filter = options.filter ?? "all";
      const statuses = LISTING_FILTERS[filter];
      const countRows = await db
        .select({ status: products.status, count: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.sellerId, userId))
        .groupBy(products.status);
      const counts = Object.fromEntries(LISTING_FILTER_NAMES.map((name) => [name, 0])) as Record<
        ListingFilter,
        number
      >;
      for (const row of countRows)
        for (const name of LISTING_FILTER_NAMES) {
          const members = LISTING_FILTERS[name] as readonly ProductStatus[] | null;
          if (members === null || members.includes(row.status)) counts[name] += Number(row.count);
        }
      const total = counts[filter];
      const pages = Math.max(1, Math.ceil(total / MY_LISTINGS_PAGE_SIZE));
      const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pages);
      const where =
        statuses === null
          ? sql`true`
          : sql`p.status in (${sql.join(
              statuses.map((status) => sql`${status}`),
              sql`, `,
            )})`;
      const items = await myListingRows(
        userId,
        where,
        locale,
        MY_LISTINGS_PAGE_SIZE,
        (page - 1) * MY_LISTINGS_PAGE_SIZE,
      );
      return { items, filter, page, pages, counts };
    },

    /** Checks and stages one uploaded photo for a form; returns its token and a thumbnail URL. */
    async stageImage(
      userId: number,
      bytes: Uint8Array,
      locale: Locale,
    ): Promise<{ status: "ok"; image: ImageView & { token: string } } | Invalid | UploadsLimited> {
      // Counted before decoding, refused ones too: the decoding is the cost being limited.
      const wait = uploads.attempt(userId);
      if (wait !== null)
        return {
          status: "limited",
          errors: { image: [tooManyUploadsMessage(locale, wait)] },
          retryAfterSeconds: wait,
        };
      const encoded = await encodeListingImage(bytes);
      const fail = (problem: ImageProblem) =>
        invalid({
          image: [
            translate(locale, IMAGE_PROBLEM_KEYS[problem], { mb: 15, mp: MAX_UPLOAD_PIXELS / 1_000_000 }),
          ],
        });
      if ("problem" in encoded) return fail(encoded.problem);
      const staged = await images.stage(userId, encoded.webp);
      if ("problem" in staged) return fail(staged.problem);
      const url = images.stagedUrl(userId, staged.token)!;
      return {
        status: "ok",
        image: { token: staged.token, ref: staged.token, url, width: encoded.width, height: encoded.height },
      };
    },

    /** The product a "write to the seller" page is about; null when it cannot be contacted. */
    async contactTarget(
      userId: number,
      productId: number,
      locale: Locale,
    ): Promise<{
      id: number;
      name: string;
      url: string;
      type: ProductType;
      format: ProductFormat;
      sellerName: string;
      own: boolean;
    } | null> {
      if (!Number.isSafeInteger(productId) || productId <= 0 || productId > 2_147_483_647) return null;
      const result = await db.execute(sql`
        select p.id, p.type, p.format, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.seller_id,
          c.slug_cs as category_slug_cs, c.slug_en as category_slug_en, u.username
        from ${products} p
        join ${categories} c on c.id = p.category_id
        join users u on u.id = p.seller_id
        where p.id = ${productId} and p.status in ('active', 'scheduled', 'ended', 'sold')`);
      const [row] = rowsOf<Record<string, unknown>>(result);
      if (!row) return null;
      const en = locale === "en";
      const pick = (cs: unknown, other: unknown) => (en && other ? String(other) : String(cs));
      return {
        id: Number(row.id),
        name: pick(row.name_cs, row.name_en),
        url: localePath("product", locale, {
          id: Number(row.id),
          category: pick(row.category_slug_cs, row.category_slug_en),
          product: pick(row.slug_cs, row.slug_en),
        }),
        type: row.type as ProductType,
        format: row.format as ProductFormat,
        sellerName: String(row.username),
        own: Number(row.seller_id) === userId,
      };
    },

    /**
     * What a message to a user may be about, for "write to the seller" on their profile: their
     * listings a message can be about (live, scheduled, ended or sold; as contactSeller takes), live
     * ones first, then the newest. A message is always about a listing (spec: messages about auctions).
     */
    async contactItems(
      sellerId: number,
      locale: Locale,
      limit = 100,
    ): Promise<{ id: number; name: string; status: ProductStatus; format: ProductFormat }[]> {
      if (!Number.isSafeInteger(sellerId) || sellerId <= 0 || sellerId > 2_147_483_647) return [];
      const result = await db.execute(sql`
        select p.id, p.name_cs, p.name_en, p.status, p.format
        from ${products} p
        where p.seller_id = ${sellerId} and p.status in ('active', 'scheduled', 'ended', 'sold')
        order by (p.status = 'active') desc, coalesce(p.ended_at, p.activation_at, p.created_at) desc, p.id desc
        limit ${limit}`);
      const en = locale === "en";
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: Number(row.id),
        name: String((en && row.name_en) || row.name_cs),
        status: row.status as ProductStatus,
        format: row.format as ProductFormat,
      }));
    },

    /**
     * "Write to the seller" / "I have this": opens the conversation between the caller and the
     * product's seller (the existing one, or a new one), with the caller's first message if given.
     * The messages issue builds the inbox on these rows.
     */
    async contactSeller(
      userId: number,
      productId: number,
      body: string | null,
      locale: Locale,
    ): Promise<
      { status: "ok"; threadId: number; created: boolean } | { status: "not_found" } | Refused | Invalid
    > {
      if (!Number.isSafeInteger(productId) || productId <= 0 || productId > 2_147_483_647)
        return { status: "not_found" };
      const text = body === null ? "" : cleanDescription(body);
      if (text.length > CONTACT_MESSAGE_MAX)
        return invalid({ message: [translate(locale, "validation.max", { length: CONTACT_MESSAGE_MAX })] });
      const [product] = await db
        .select({ id: products.id, sellerId: products.sellerId, status: products.status })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      if (!product?.sellerId || !["active", "scheduled", "ended", "sold"].includes(product.status))
        return { status: "not_found" };
      if (product.sellerId === userId)
        return { status: "refused", message: translate(locale, "listings.contact.own"), conflict: true };
      const sellerId = product.sellerId;
      const thread = await deps.conversations.startThread({
        productId,
        sellerId,
        userId,
        body: text || null,
      });
      if (thread.status === "blocked")
        return { status: "refused", message: translate(locale, "messages.errors.blocked"), conflict: true };
      return { status: "ok", threadId: thread.threadId, created: thread.created };
    },

    /**
     * The seller closes a classified with one of the users who wrote about it (a deal, so both may
     * rate each other): active -> sold with that user as the buyer, who is told.
     */
    async markSold(
      user: Pick<ListingUser, "id" | "username">,
      id: number,
      buyerId: number,
      locale: Locale,
    ): Promise<{ status: "sold" } | Refused | { status: "not_found" }> {
      return db.transaction(async (tx) => {
        const row = await lockOwn(tx, user.id, id);
        if (!row) return { status: "not_found" as const };
        if (row.format !== "classified" || row.status !== "active")
          return {
            status: "refused" as const,
            message: translate(locale, "messages.errors.notSellable"),
            conflict: true,
          };
        const [thread] = await tx
          .execute(sql`
          select 1 from message_threads t join thread_participants tp on tp.thread_id = t.id
          where t.product_id = ${id} and t.kind = 'conversation' and tp.user_id = ${buyerId} and tp.role = 'buyer'
          limit 1`)
          .then((result) => rowsOf(result));
        if (!thread || buyerId === user.id) return { status: "not_found" as const };
        await markListingSold(tx, id, buyerId, { actorId: user.id, at: now() });
        const conversation = await openProductThread(tx, { productId: id, sellerId: user.id, buyerId });
        await deps.notifier.notify(tx, buyerId, "won", {
          productId: id,
          variant: row.type === "demand" ? "demand" : "classified",
          values: { seller: user.username },
          link: { page: "accountMessageThread", params: { threadId: conversation.threadId } },
          payload: { threadId: conversation.threadId },
        });
        return { status: "sold" as const };
      });
    },
  };

  return service;
}

export type ListingsService = ReturnType<typeof createListingsService>;
