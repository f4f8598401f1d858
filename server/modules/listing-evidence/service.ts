import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import {
  EVIDENCE_SLOTS,
  type EvidenceSlot,
  type FillLevel,
  isEvidenceSlot,
  type ListingEvidenceView,
} from "#core/contracts/listing-evidence.ts";
import { formatWholeNumber } from "#core/money/money.ts";
import { err, ok, type Result } from "#core/result.ts";
import { evidenceRequired, missingEvidence } from "#core/rules/listing-evidence.ts";
import type { Db } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-once.ts";
import { listingPhotos } from "#server/modules/listing-reads/index.ts";
import type { EvidenceSubject, ListingEvidenceHook } from "#server/modules/listings/index.ts";
import { evidenceRules, type SettingsReader } from "./rules.ts";
import { listingEvidence, listingEvidencePhotos } from "./tables.ts";

/** A listing's stored evidence: each filled slot's photo id, and the fill level. */
export type StoredEvidence = { photos: Partial<Record<EvidenceSlot, number>>; fillLevel: FillLevel | null };

export type ListingEvidenceServiceDeps = { db: Db; settings: SettingsReader; now?: () => Date };

type Problems = FieldProblems;
const add = (problems: Problems, field: string, problem: Problems[string][number]) => {
  problems[field] = [...(problems[field] ?? []), problem];
};
const notListingPhoto = { key: "listingEvidence.errors.notListingPhoto" } as const;

/** The listing's evidence as stored, or null. */
async function stored(executor: Db, productId: number): Promise<StoredEvidence | null> {
  const [row] = await evidenceRow(executor).execute({ productId });
  if (!row) return null;
  const photos = await executor
    .select()
    .from(listingEvidencePhotos)
    .where(eq(listingEvidencePhotos.productId, productId));
  return {
    photos: Object.fromEntries(photos.map((photo) => [photo.slot, photo.imageId])),
    fillLevel: row.fillLevel,
  };
}

/**
 * A listing's evidence row, prepared once per database (preparedOnce: every product page reads
 * it, and most have none); in a transaction, once per transaction.
 */
const evidenceRow = preparedOnce((db) =>
  db
    .select({ fillLevel: listingEvidence.fillLevel })
    .from(listingEvidence)
    .where(eq(listingEvidence.productId, sql.placeholder("productId")))
    .prepare("listing_evidence_row"),
);

/**
 * Sets (or with nothing in it, clears) a listing's evidence, in the caller's transaction: each
 * slot's photo must be one of this listing's photos and the listing its seller's.
 */
async function setEvidence(
  executor: Db,
  target: { productId: number; sellerId: number; at: Date },
  evidence: StoredEvidence,
): Promise<Result<StoredEvidence> | Result<never, "not_found"> | Result<never, "invalid", Problems>> {
  const { productId, sellerId } = target;
  const listing = await listingPhotos(executor, productId);
  if (!listing || listing.sellerId !== sellerId) return err("not_found");
  const own = new Set(listing.photos.map((photo) => photo.id));
  const problems: Problems = {};
  for (const [slot, id] of Object.entries(evidence.photos))
    if (!isEvidenceSlot(slot) || id === undefined || !own.has(id))
      add(problems, `evidence.photos.${slot}`, notListingPhoto);
  if (Object.keys(problems).length > 0) return err("invalid", problems);
  await executor.delete(listingEvidence).where(eq(listingEvidence.productId, productId));
  const slots = EVIDENCE_SLOTS.filter((slot) => evidence.photos[slot] !== undefined);
  if (slots.length === 0 && !evidence.fillLevel) return ok({ photos: {}, fillLevel: null });
  await executor
    .insert(listingEvidence)
    .values({ productId, fillLevel: evidence.fillLevel, updatedAt: target.at });
  if (slots.length > 0)
    await executor
      .insert(listingEvidencePhotos)
      .values(slots.map((slot) => ({ productId, slot, imageId: evidence.photos[slot]! })));
  return ok(evidence);
}

/** The slots of the submitted evidence whose ref is one of the listing's photos (others are problems). */
function submittedSlots(subject: EvidenceSubject, problems: Problems): Set<EvidenceSlot> {
  const refs = new Set(subject.images.map(String));
  const slots = new Set<EvidenceSlot>();
  for (const [slot, ref] of Object.entries(subject.evidence?.photos ?? {})) {
    if (!isEvidenceSlot(slot) || ref === undefined) continue;
    if (refs.has(String(ref))) slots.add(slot);
    else add(problems, `evidence.photos.${slot}`, notListingPhoto);
  }
  return slots;
}

/**
 * The rule (core/rules/listing-evidence.ts) over a submitted listing: its slots' refs must be its
 * photos, and an auction of a spirit above the threshold needs the required slots and a fill
 * level, each missing one a problem naming it. An edit that sends no evidence keeps the stored one.
 */
async function checkEvidence(executor: Db, settings: SettingsReader, subject: EvidenceSubject) {
  const problems: Problems = {};
  const slots = submittedSlots(subject, problems);
  const rules = await evidenceRules(executor, settings);
  const spirit = rules.spiritCategoryIds.includes(subject.categoryId);
  if (!evidenceRequired({ ...subject, spirit }, rules.auctionThresholdMinor)) return problems;
  let fillLevel = subject.evidence?.fillLevel ?? null;
  if (subject.evidence === undefined && subject.productId !== null) {
    const kept = new Set(subject.images);
    const before = await stored(executor, subject.productId);
    for (const slot of EVIDENCE_SLOTS) if (kept.has(before?.photos[slot] ?? 0)) slots.add(slot);
    fillLevel = before?.fillLevel ?? null;
  }
  const values = { threshold: formatWholeNumber(Math.floor(rules.auctionThresholdMinor / 100)) };
  for (const missing of missingEvidence({ slots, fillLevel }))
    if (missing === "fillLevel")
      add(problems, "evidence.fillLevel", { key: "listingEvidence.errors.fillLevelRequired", values });
    else
      add(problems, `evidence.photos.${missing}`, {
        key: `listingEvidence.errors.required.${missing}`,
        values,
      });
  return problems;
}

/** The listings' hook: the rule checked with the listing, the slots saved with it (their refs become its photos' ids), copied on relist. */
function listingsHook(settings: SettingsReader, now: () => Date): ListingEvidenceHook {
  return {
    check: (executor, subject) => checkEvidence(executor, settings, subject),
    async save(tx, productId, listing, ids) {
      if (listing.evidence === undefined) return;
      const idOf = new Map(listing.images.map((ref, index) => [String(ref), ids[index]]));
      const photos: StoredEvidence["photos"] = {};
      for (const [slot, ref] of Object.entries(listing.evidence?.photos ?? {}))
        if (isEvidenceSlot(slot) && idOf.has(String(ref))) photos[slot] = idOf.get(String(ref));
      const sellerId = (await listingPhotos(tx, productId))?.sellerId;
      if (!sellerId) return;
      const fillLevel = listing.evidence?.fillLevel ?? null;
      const saved = await setEvidence(tx, { productId, sellerId, at: now() }, { photos, fillLevel });
      // The refs were checked with the listing and stored just now: a refusal is a bug.
      if (!saved.ok) throw new Error(`the evidence of listing ${productId} was refused: ${saved.code}`);
    },
    async copy(tx, fromId, toId, copies) {
      const before = await stored(tx, fromId);
      const sellerId = (await listingPhotos(tx, toId))?.sellerId;
      if (!before || !sellerId) return;
      const photos: StoredEvidence["photos"] = {};
      for (const slot of EVIDENCE_SLOTS) {
        const copy = copies.get(before.photos[slot] ?? 0);
        if (copy) photos[slot] = copy;
      }
      await setEvidence(
        tx,
        { productId: toId, sellerId, at: now() },
        { photos, fillLevel: before.fillLevel },
      );
    },
  };
}

/** The evidence as the product page shows it: each filled slot's photo and the fill level; null when none. */
async function galleryOf(db: Db, productId: number): Promise<ListingEvidenceView | null> {
  const evidence = await stored(db, productId);
  if (!evidence) return null;
  const listing = await listingPhotos(db, productId);
  const byId = new Map((listing?.photos ?? []).map((photo) => [photo.id, photo]));
  const photos = EVIDENCE_SLOTS.flatMap((slot) => {
    const photo = byId.get(evidence.photos[slot] ?? 0);
    return photo ? [{ slot, url: photo.url, width: photo.width, height: photo.height }] : [];
  });
  return photos.length > 0 || evidence.fillLevel ? { photos, fillLevel: evidence.fillLevel } : null;
}

/**
 * A listing's evidence of authenticity (issue 36, item 3; ADR 0086): which of its photos fills
 * which slot, its fill level, the rule for spirits auctions above the threshold, and the product
 * page's gallery. Answers in codes and message keys (core/result.ts); the photos stay the
 * listing's (listing-reads' `listingPhotos`).
 */
export function createListingEvidenceService({
  db,
  settings,
  now = () => new Date(),
}: ListingEvidenceServiceDeps) {
  return {
    hook: listingsHook(settings, now),
    /** The listing's evidence as stored (the edit page), or null. */
    evidenceOf: (productId: number) => stored(db, productId),
    /** Sets a listing's evidence for its seller, in the caller's transaction (see setEvidence). */
    set: (executor: Db, productId: number, sellerId: number, evidence: StoredEvidence) =>
      setEvidence(executor, { productId, sellerId, at: now() }, evidence),
    /** What the listing form needs: the spirits' categories and the threshold. */
    formRules: () => evidenceRules(db, settings),
    galleryOf: (productId: number) => galleryOf(db, productId),
    /** The fill levels of listings that state one (the structured attributes' `fill_level`, ADR 0090). */
    async fillLevelsOf(productIds: number[]): Promise<Map<number, FillLevel>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: listingEvidence.productId, fillLevel: listingEvidence.fillLevel })
        .from(listingEvidence)
        .where(and(inArray(listingEvidence.productId, productIds), isNotNull(listingEvidence.fillLevel)));
      return new Map(rows.map((row) => [row.productId, row.fillLevel as FillLevel]));
    },
  };
}

export type ListingEvidenceService = ReturnType<typeof createListingEvidenceService>;
