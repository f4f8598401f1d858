import { data, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { BottlingProposalSection } from "#app/features/bottlings/bottling-proposal.tsx";
import { PayFeeForm } from "#app/features/listings/pay-fee-form.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate, usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { secondaryLinkClass } from "#app/ui/forms/fields.tsx";
import { FeeSummary, ListingHeaderCard, Stepper } from "#app/ui/listing-labels.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BottlingPickSchema } from "#core/schemas/bottlings.ts";
import type { Route } from "./+types/confirmation";

/**
 * After adding (or relisting) a listing, `/ucet/vase-aukce/potvrzeni?id=…`: where it stands and
 * what happens next: the fee to pay (with the group discount) when it awaits payment, the date it
 * goes live when scheduled, the end of a live auction. Only the seller's own listing: any other
 * id is a 404.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.confirmation.title"), noindex: true }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  const listing = await services.listings.listing(user!.id, id, locale);
  if (!listing) throw data(null, { status: 404 });
  // "Je to tato láhev?" (issue 37, item 3): the bottlings module's proposals for this listing.
  const proposal = await services.bottlings.candidatesFor(user!.id, id, locale);
  return {
    listing,
    relisted: url.searchParams.get("relisted") === "1",
    bottlings: proposal.ok ? proposal.value : null,
  };
}

/** The seller's answer to "Je to tato láhev?": a proposed bottling, or a new one from the listing. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  const parsed = BottlingPickSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 400 });
  const result =
    parsed.data.intent === "bottling"
      ? await services.bottlings.link(user!.id, id, parsed.data.bottlingId)
      : await services.bottlings.createFromListing(user!.id, id);
  if (!result.ok)
    return data(
      { bottlingError: translate(locale, `bottlings.errors.${result.code}`) },
      { status: result.code === "bottling_not_found" ? 404 : result.code === "not_an_offer" ? 409 : 403 },
    );
  throw redirect(`${localePath("accountAdvertisementConfirmation", locale)}?id=${id}`);
}

type Listing = Route.ComponentProps["loaderData"]["listing"];

/** What happens next: the fee to pay, the date it goes live, the auction's end, what a classified does. */
function useNextSteps(listing: Listing): string[] {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const date = (iso: string) => formatDate(iso, locale, true);
  const fee = listing.fee;
  const next: string[] = [];
  if (listing.status === "awaiting_payment" && fee)
    next.push(
      listing.activationAt
        ? t("listings.next.awaitingPaymentScheduled", {
            amount: price(fee.amountMinor),
            date: date(listing.activationAt),
          })
        : t("listings.next.awaitingPayment", { amount: price(fee.amountMinor) }),
    );
  else if (listing.status === "scheduled" && listing.activationAt)
    next.push(t("listings.next.scheduled", { date: date(listing.activationAt) }));
  else if (listing.status === "active") next.push(t("listings.next.active"));
  if (listing.format === "auction" && listing.endsAt)
    next.push(t("listings.next.auctionEnds", { date: date(listing.endsAt) }));
  if (listing.format === "classified")
    next.push(listing.type === "demand" ? t("listings.next.demand") : t("listings.next.classified"));
  return next;
}

export default function ListingConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  const { listing, relisted } = loaderData;
  const next = useNextSteps(listing);
  return (
    <section data-testid="listing-confirmation" className="flex flex-col gap-6">
      <header>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success text-xl font-bold text-white"
          >
            ✓
          </span>
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
            {relisted ? t("listings.confirmation.relistedTitle") : t("listings.confirmation.title")}
          </h1>
        </div>
        {relisted ? null : <Stepper current={3} />}
      </header>
      <div className="grid gap-6 desktop:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-6">
          <ListingHeaderCard
            listing={listing}
            name={
              <h2 className="font-serif text-xl text-ink" data-testid="confirmation-name">
                {listing.name}
              </h2>
            }
          >
            <span className="font-semibold text-primary-dark">
              {listing.priceMinor === null ? t("listings.mine.byAgreement") : price(listing.priceMinor)}
            </span>
          </ListingHeaderCard>
          <section
            aria-labelledby="next-title"
            className="rounded-xl border border-line bg-white p-5 tablet:p-7"
          >
            <h2 id="next-title" className="font-serif text-2xl text-primary-dark">
              {t("listings.next.title")}
            </h2>
            <ul
              className="mt-3 flex list-disc flex-col gap-2 pl-5 leading-relaxed"
              data-testid="confirmation-next"
            >
              {next.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          {loaderData.bottlings ? (
            <BottlingProposalSection proposal={loaderData.bottlings} error={actionData?.bottlingError} />
          ) : null}
          <ConfirmationLinks listing={listing} />
        </div>
        {listing.fee ? (
          <aside>
            <FeeSummary fee={listing.fee} />
          </aside>
        ) : null}
      </div>
    </section>
  );
}

/** Pay the fee (when due), see the listing, back to My listings, add another. */
function ConfirmationLinks({ listing }: { listing: Listing }) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap gap-3">
      {listing.actions.pay ? (
        <PayFeeForm
          listingId={listing.id}
          busy={navigation.state !== "idle"}
          className="inline-flex min-h-11 items-center rounded bg-secondary px-5 py-2 font-semibold text-ink hover:bg-[#b08a36] disabled:opacity-60"
        />
      ) : null}
      <Link
        to={listing.url}
        className="inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
        data-testid="confirmation-view"
      >
        {t("listings.confirmation.view")}
      </Link>
      <Link to={localePath("accountAdvertisements", locale)} className={secondaryLinkClass}>
        {t("listings.confirmation.mine")}
      </Link>
      <Link to={localePath("accountAdvertisementAdd", locale)} className={secondaryLinkClass}>
        {t("listings.confirmation.another")}
      </Link>
    </div>
  );
}
