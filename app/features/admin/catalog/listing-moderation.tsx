import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";

/** How a listing stands with moderation, as the catalogue's listing page shows it. */
export type ListingModeration = {
  /** Whether the signed-in staff member may make moderation decisions (scope `moderation`). */
  mayModerate: boolean;
  /** Whether the moderation form offers "demote" for the listing in its status now. */
  demotable: boolean;
  /** Since when the listing is demoted (ISO), or null. */
  demotedAt: string | null;
  /** The standing decision that demoted it, and its complaint still to decide (moderators only). */
  demotion: { decisionId: number; openComplaintId: number | null } | null;
};

const linkClass = "text-primary-dark underline underline-offset-4";
const dangerLinkClass =
  "rounded-md border border-danger px-3 py-1.5 font-semibold text-danger hover:bg-danger/10";

/**
 * The listing's moderation on its catalogue page: whether it is demoted, and the ways to restrict it
 * ("Suspend / remove", "Demote") or to restore its rank. Each is a moderation decision with its
 * statement of reasons, made on moderation's own screens (the decision form with the measure chosen,
 * the demoting decision whose reversal on a complaint restores the rank); nothing is decided here.
 */
export function ListingModerationLinks({ id, moderation }: { id: number; moderation: ListingModeration }) {
  const { t, locale } = useTranslation();
  const review = localePath("adminListingReview", locale, { id: String(id) });
  if (!moderation.mayModerate)
    return (
      <p className="text-sm text-muted" data-testid="listing-moderation">
        {t("adminCatalog.listing.moderatorsOnly")}
      </p>
    );
  const { demotion } = moderation;
  return (
    <div className="flex flex-col gap-2" data-testid="listing-moderation">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={review} className={dangerLinkClass} aria-describedby="restrict-hint">
          {t("adminCatalog.listing.restrict")}
        </Link>
        {moderation.demotable && !moderation.demotedAt ? (
          <Link
            to={`${review}?action=demote_listing`}
            className={dangerLinkClass}
            aria-describedby="restrict-hint"
          >
            {t("adminCatalog.listing.demote")}
          </Link>
        ) : null}
      </div>
      <p id="restrict-hint" className="text-sm text-muted">
        {t("adminCatalog.listing.restrictHint")}
      </p>
      {moderation.demotedAt ? (
        <p className="text-sm" data-testid="restore-rank">
          {t("adminCatalog.listing.restoreHint")}{" "}
          {demotion ? (
            <Link
              to={localePath("adminDecision", locale, { id: String(demotion.decisionId) })}
              className={linkClass}
            >
              {t("adminCatalog.listing.demotionDecision", { id: demotion.decisionId })}
            </Link>
          ) : null}
          {demotion?.openComplaintId ? (
            <>
              {" · "}
              <Link
                to={localePath("adminComplaint", locale, { id: String(demotion.openComplaintId) })}
                className={linkClass}
              >
                {t("adminCatalog.listing.openComplaint", { id: demotion.openComplaintId })}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The listing's rank in search and lists: as usual, or demoted since a date. */
export function rankText(
  t: ReturnType<typeof useTranslation>["t"],
  locale: "cs" | "en",
  demotedAt: string | null,
): string {
  return demotedAt
    ? t("adminCatalog.listing.demotedSince", { date: formatDate(demotedAt, locale) })
    : t("adminCatalog.listing.rankNormal");
}
