import { data, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { catalogFailureAnswer } from "#app/features/admin/catalog/failure.server.ts";
import {
  type ListingModeration,
  ListingModerationLinks,
  rankText,
} from "#app/features/admin/catalog/listing-moderation.tsx";
import { ListingEditForm, Photos, StatusHistory } from "#app/features/admin/catalog/listing-view.tsx";
import { Notice, PageTitle, Section } from "#app/features/admin/catalog/ui.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { DecisionView } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { formatPrice } from "#core/money/money.ts";
import { hasScope } from "#core/rules/staff.ts";
import { ListingEditSchema } from "#core/schemas/admin-catalog.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/listing";

/**
 * One listing as staff see it (docs/product/back-office.md, "Catalogue"): photos, seller, status
 * history, bids, whether it is demoted; its texts and filing corrected (audited, by the seller's own
 * data rules); suspending, removing or demoting it goes to the moderation decision form, which sends
 * the seller a statement of reasons.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminCatalog.listings.title"), noindex: true }));
}

function idOf(param: string | undefined, locale: "cs" | "en"): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

/** Where the moderation form offers "demote" (moderation's decisions.ts: a live, unpaid or scheduled listing). */
const DEMOTABLE = new Set(["awaiting_payment", "scheduled", "active"]);

/** The standing decision that demoted the listing, and its complaint still open. */
function standingDemotion(decisions: readonly DecisionView[]): ListingModeration["demotion"] {
  const decision = decisions.find((row) => row.action === "demote_listing" && !row.reversedAt);
  if (!decision) return null;
  const open = decision.complaints.find((complaint) => complaint.status === "open");
  return { decisionId: decision.id, openComplaintId: open?.id ?? null };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale } = context.get(appContext);
  const id = idOf(params.id, locale);
  const admin = services.catalogAdmin;
  const [listing, filing, brands, packages, publicUrl] = await Promise.all([
    admin.listing(id),
    admin.filingOptions(locale),
    admin.brandOptions(),
    admin.packages(),
    services.productPages.canonicalPath(id, locale),
  ]);
  if (!listing) throw data(translate(locale, "errors.notFound"), { status: 404 });
  const p = listing.product;
  const mayModerate = hasScope(user.scope, "moderation");
  const moderation: ListingModeration = {
    mayModerate,
    demotable: DEMOTABLE.has(p.status),
    demotedAt: p.demotedAt?.toISOString() ?? null,
    // Moderation's own read of the decisions about the listing (only a moderator follows its links).
    demotion:
      mayModerate && p.demotedAt
        ? standingDemotion((await services.moderation.listingReview(id))?.decisions ?? [])
        : null,
  };
  // The categories a seller could choose, and where the listing is now (a category hidden since).
  const categories = filing.map((row) => ({ value: String(row.id), label: row.label }));
  if (!filing.some((row) => row.id === p.categoryId))
    categories.unshift({
      value: String(p.categoryId),
      label: translate(locale, "adminCatalog.listing.currentCategory", { name: listing.categoryName }),
    });
  return {
    id,
    values: {
      nameCs: p.nameCs,
      nameEn: p.nameEn,
      descriptionCs: p.descriptionCs,
      descriptionEn: p.descriptionEn,
      categoryId: p.categoryId,
      brandId: p.brandId,
      packageId: p.packageId,
    },
    facts: {
      format: p.format,
      status: p.status,
      seller: listing.seller,
      sellerId: p.sellerId,
      category: listing.categoryName,
      brand: listing.brandName,
      priceMinor: p.currentPriceMinor ?? p.startPriceMinor ?? p.priceMinor,
      bidCount: p.bidCount,
      createdAt: p.createdAt.toISOString(),
      endsAt: p.endsAt?.toISOString() ?? null,
    },
    images: listing.images,
    history: listing.history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    moderation,
    options: {
      categories,
      brands: brands.map((brand) => ({ value: String(brand.id), label: brand.name })),
      packages: packages.map((item) => ({ value: String(item.id), label: item.nameCs })),
    },
    publicUrl,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const id = idOf(params.id, locale);
  const submission = parseForm(await request.formData(), ListingEditSchema, locale);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const outcome = await services.catalogAdmin.editListing(
    { id: user.id, ip: clientIp },
    id,
    submission.value,
  );
  if (!outcome.ok) return catalogFailureAnswer(locale, outcome, submission, {});
  throw redirect(`${localePath("adminListing", locale, { id: String(id) })}?saved=1`);
}

export default function AdminListing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { facts, id } = loaderData;
  const fact = (label: string, value: string | number) => (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-6" data-testid="admin-listing">
      <Link to={localePath("adminListings", locale)} className="text-sm text-primary-dark underline">
        {t("adminCatalog.listing.back")}
      </Link>
      <PageTitle lead={loaderData.values.nameCs}>{t("adminCatalog.listing.title", { id })}</PageTitle>
      {loaderData.saved && !actionData ? <Notice>{t("adminCatalog.saved")}</Notice> : null}
      <Section title={t("adminCatalog.listing.overview")}>
        <dl className="grid grid-cols-2 gap-4 tablet:grid-cols-4">
          {fact(t("adminCatalog.listings.format"), t(`adminCatalog.format.${facts.format}`))}
          {fact(t("adminCatalog.listings.status"), t(`catalog.status.${facts.status}`))}
          {fact(t("adminCatalog.listings.seller"), facts.seller ?? t("adminCatalog.listings.shop"))}
          {fact(t("adminCatalog.listings.category"), facts.category)}
          {fact(
            t("adminCatalog.listing.price"),
            facts.priceMinor === null ? "—" : formatPrice(facts.priceMinor, null, { locale }),
          )}
          {fact(t("adminCatalog.listing.bidCount"), facts.bidCount)}
          {fact(t("adminCatalog.listing.createdAt"), formatDate(facts.createdAt, locale, true))}
          {fact(
            t("adminCatalog.listing.endsAt"),
            facts.endsAt ? formatDate(facts.endsAt, locale, true) : "—",
          )}
          {fact(t("adminCatalog.listing.rank"), rankText(t, locale, loaderData.moderation.demotedAt))}
        </dl>
        <div className="flex flex-wrap items-center gap-4">
          {loaderData.publicUrl ? (
            <a href={loaderData.publicUrl} className="text-primary-dark underline underline-offset-4">
              {t("adminCatalog.listing.view")}
            </a>
          ) : null}
          {facts.sellerId !== null ? (
            <Link
              to={localePath("adminUser", locale, { id: String(facts.sellerId) })}
              className="text-primary-dark underline underline-offset-4"
            >
              {facts.seller}
            </Link>
          ) : null}
        </div>
        <ListingModerationLinks id={id} moderation={loaderData.moderation} />
      </Section>
      <Photos images={loaderData.images} name={loaderData.values.nameCs} />
      <ListingEditForm values={loaderData.values} options={loaderData.options} result={actionData?.result} />
      <StatusHistory entries={loaderData.history} />
    </div>
  );
}
