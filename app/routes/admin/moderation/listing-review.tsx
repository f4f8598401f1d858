import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { DecisionForm } from "#app/features/moderation/decision-form.tsx";
import { EarlierDecisions, HistoryPanel } from "#app/features/moderation/history.tsx";
import { ListingPanel } from "#app/features/moderation/listing-panel.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { DecisionAction } from "#core/contracts/moderation.ts";
import { translate } from "#core/i18n/index.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/listing-review";
import { decideAction } from "./decide.server.ts";

/**
 * A listing under review: held for pre-moderation (approve or reject) or live (remove), with its
 * photos, the reports about it, the seller's history and earlier decisions about it.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("adminModeration.listing.title", { id: args.params.id }),
    noindex: true,
  }));
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireScope(context, "moderation");
  const { services, locale } = context.get(appContext);
  const review = await services.moderation.listingReview(Number(params.id) || 0);
  if (!review) throw data(translate(locale, "adminModeration.errors.notFound"), { status: 404 });
  // `?action=demote_listing` (the catalogue's "Demote" link) opens the form with it chosen, if it fits.
  const wanted = new URL(request.url).searchParams.get("action");
  const preselected = actionsFor(review.listing.status).find((action) => action === wanted);
  return { ...review, preselected };
}

export const action = decideAction;

function actionsFor(status: string): DecisionAction[] {
  if (status === "in_review")
    return ["approve_listing", "reject_listing", "suspend_account", "block_account"];
  if (["awaiting_payment", "scheduled", "active"].includes(status))
    return ["remove_listing", "demote_listing", "suspend_account", "block_account", "no_action"];
  return ["suspend_account", "block_account", "no_action"];
}

export default function AdminListingReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { listing, decisions, seller } = loaderData;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-listing-review">
      <h1 className="font-serif text-3xl text-primary-dark">
        {t("adminModeration.listing.title", { id: listing.id })}
      </h1>
      <div className="grid gap-6 desktop:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <ListingPanel listing={listing} />
          <DecisionForm
            target="listing"
            targetId={listing.id}
            actions={actionsFor(listing.status)}
            preselected={loaderData.preselected}
            reply={actionData?.result}
          />
        </div>
        <div className="flex flex-col gap-6">
          {seller ? <HistoryPanel history={seller} /> : null}
          <EarlierDecisions decisions={decisions} />
        </div>
      </div>
    </section>
  );
}
