import { and, desc, eq, type SQL } from "drizzle-orm";
import type {
  ShillAccount,
  ShillSignalDetail,
  ShillSignalKind,
  ShillSignalRow,
} from "#core/contracts/shill-signals.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { ShillSignalStatus } from "#core/lifecycles/shill-signal.ts";
import { err, ok } from "#core/result.ts";
import { SHILL_NOTE_MAX, SHILL_NOTE_MIN } from "#core/schemas/shill-signals.ts";
import type { Db } from "#server/db/client.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import { bidFacts } from "../bidding/index.ts";
import { auctionSummaries } from "../listing-reads/index.ts";
import { staffContactsOf } from "../users/index.ts";
import { type ShillSignalRecord, shillSignals } from "./tables.ts";
import { decideSignal, lockSignal } from "./transitions.ts";

/**
 * The moderators' side of the signals (ADR 0087): the list by kind and state, the detail with the
 * lots' bid histories under the bidders' real names (staff only), and the two decisions: dismiss
 * with a note, or act (the moderation decision with its statement of reasons is made first, by
 * the page, through moderation; this records that it was). Both are audited. The callers check
 * the staff scope `moderation`.
 */

const LIST_LIMIT = 500;

export type SignalFilter = { kind?: ShillSignalKind; status?: ShillSignalStatus };

function accountOf(people: Map<number, ShillAccount>, id: number | null): ShillAccount {
  if (id === null) return { id: 0, username: "—", email: "", deleted: true };
  return people.get(id) ?? { id, username: `#${id}`, email: "", deleted: true };
}

function rowOf(record: ShillSignalRecord, people: Map<number, ShillAccount>): ShillSignalRow {
  return {
    id: record.id,
    kind: record.kind,
    status: record.status,
    bidder: accountOf(people, record.bidderId),
    seller: accountOf(people, record.sellerId),
    evidence: record.evidence,
    lots: record.productIds.length,
    detectedAt: record.detectedAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export async function signalList(db: Db, filter: SignalFilter): Promise<ShillSignalRow[]> {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(shillSignals.kind, filter.kind));
  if (filter.status) where.push(eq(shillSignals.status, filter.status));
  const records = await db
    .select()
    .from(shillSignals)
    .where(and(...where))
    .orderBy(desc(shillSignals.updatedAt), desc(shillSignals.id))
    .limit(LIST_LIMIT);
  const people = await staffContactsOf(
    db,
    records.flatMap((record) => [record.bidderId, record.sellerId]),
  );
  return records.map((record) => rowOf(record, people));
}

export async function signalDetail(db: Db, id: number, locale: Locale): Promise<ShillSignalDetail | null> {
  const [record] = await db.select().from(shillSignals).where(eq(shillSignals.id, id));
  if (!record) return null;
  const [bids, lots] = await Promise.all([
    record.productIds.length ? bidFacts(db, { productIds: record.productIds }) : [],
    auctionSummaries(db, record.productIds),
  ]);
  const people = await staffContactsOf(db, [
    record.bidderId,
    record.sellerId,
    ...(record.decidedBy ? [record.decidedBy] : []),
    ...bids.map((bid) => bid.userId),
  ]);
  const visible = bids.filter((bid) => bid.kind !== "max_raise");
  return {
    ...rowOf(record, people),
    lotList: record.productIds.map((productId) => {
      const lot = lots.get(productId);
      return {
        id: productId,
        name: (locale === "en" ? lot?.nameEn : null) ?? lot?.nameCs ?? `#${productId}`,
        endsAt: lot?.endsAt?.toISOString() ?? null,
        endedAt: lot?.endedAt?.toISOString() ?? null,
        sellerId: lot?.sellerId ?? null,
        winnerId: lot?.winnerId ?? null,
        bids: visible
          .filter((bid) => bid.productId === productId)
          .reverse()
          .map((bid) => ({
            id: bid.id,
            productId,
            bidder: accountOf(people, bid.userId),
            amountMinor: bid.amountMinor,
            automatic: bid.kind === "automatic",
            at: bid.createdAt.toISOString(),
          })),
      };
    }),
    decision: record.decidedAt
      ? {
          by: record.decidedBy ? accountOf(people, record.decidedBy).username : null,
          at: record.decidedAt.toISOString(),
          note: record.note,
          moderationDecisionId: record.moderationDecisionId,
        }
      : null,
  };
}

export type SignalDecision =
  | { name: "dismiss"; note: string }
  | { name: "act"; moderationDecisionId: number; note?: string | null };

/** The moderator's decision on a new signal: dismissed (a note required) or acted on; audited. */
export async function decide(
  db: Db,
  recordAudit: RecordAudit,
  id: number,
  decision: SignalDecision,
  actor: AuditActor,
  at: Date,
) {
  const note = (decision.note ?? "").trim();
  if (decision.name === "dismiss" && (note.length < SHILL_NOTE_MIN || note.length > SHILL_NOTE_MAX))
    return err("invalid", { problems: [{ path: ["note"], message: "validation.required" }] });
  return db.transaction(async (tx) => {
    const row = await lockSignal(tx, id);
    if (!row) return err("not_found");
    if (row.status !== "new") return err("conflict");
    const moderationDecisionId = decision.name === "act" ? decision.moderationDecisionId : null;
    await decideSignal(
      tx,
      row,
      decision.name,
      { by: actor.actorId, note: note || null, moderationDecisionId },
      at,
    );
    await recordAudit(tx, {
      actorId: actor.actorId,
      ip: actor.ip ?? null,
      action: `shill_signal.${decision.name}`,
      entity: "shill_signal",
      entityId: String(id),
      data: { kind: row.kind, bidderId: row.bidderId, sellerId: row.sellerId, moderationDecisionId },
    });
    return ok({ id });
  });
}
