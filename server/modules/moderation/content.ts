import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { ReportTarget } from "#core/contracts/moderation.ts";
import type { Db } from "#server/db/client.ts";
import type { ModerationContext } from "./context.ts";

/** The reported content as moderation needs it: whose it is, what to call it, its text. */
export type Content = {
  target: ReportTarget;
  id: number;
  /** The user a restriction affects: the seller, the author, the account itself. */
  ownerId: number | null;
  label: string;
  text: string;
  listingStatus: ProductStatus | null;
};

const shorten = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The content a report or a decision is about, or null when there is none. */
export async function contentOf(
  ctx: ModerationContext,
  db: Db,
  target: ReportTarget,
  id: number,
): Promise<Content | null> {
  if (target === "listing") {
    const listing = await ctx.listings.read(db, id);
    if (!listing) return null;
    return {
      target,
      id,
      ownerId: listing.sellerId,
      label: listing.name,
      text: listing.description ?? "",
      listingStatus: listing.status,
    };
  }
  if (target === "user") {
    const account = (await ctx.accounts.read(db, [id])).get(id);
    if (!account || account.deleted) return null;
    return { target, id, ownerId: id, label: account.username, text: "", listingStatus: null };
  }
  const found = target === "message" ? await ctx.content.message(db, id) : await ctx.content.review(db, id);
  if (!found) return null;
  return {
    target,
    id,
    ownerId: found.authorId,
    label: shorten(found.text),
    text: found.text,
    listingStatus: null,
  };
}
