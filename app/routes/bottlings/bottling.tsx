import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import {
  AttributeTable,
  bottlingPath,
  ResultsTable,
  WatchButton,
} from "#app/features/bottlings/bottling-parts.tsx";
import { PriceChart } from "#app/features/bottlings/price-chart.tsx";
import { Breadcrumbs } from "#app/features/product/product-info.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ProductGrid } from "#app/ui/product-card/product-grid.tsx";
import { withSearch } from "#app/ui/seo/canonical.ts";
import { breadcrumbJsonLd } from "#app/ui/seo/json-ld.ts";
import { absoluteUrl, seoMeta } from "#app/ui/seo/meta.ts";
import { FILL_LEVEL_KEY } from "#core/contracts/listing-attributes.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BottlingWatchSchema } from "#core/schemas/bottlings.ts";
import type { Route } from "./+types/bottling";

/**
 * One bottling's page, `/lahve/<id>-<slug>` (issue 37, item 3; docs/product/bottlings.md): its
 * attributes, the photos of its listings, the listings on sale now, its results with a price chart,
 * JSON-LD (Product) and the watch button. A merged bottling's page and a wrong slug answer 301 to
 * the survivor's canonical path.
 */
function idOf(ref: string | undefined): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(ref ?? "");
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** `?starsi=<id>`: the page of results below that result (keyset pages, no script needed). */
function olderThan(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get("starsi") ?? "";
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, locale, config, user } = context.get(appContext);
  const id = idOf(params.ref);
  const before = olderThan(request);
  const answer = id ? await services.bottlings.page(id, locale, before) : null;
  if (!answer) throw data(null, { status: 404 });
  if (answer.kind === "moved") throw redirect(withSearch(bottlingPath(locale, answer), request), 301);
  const { bottling } = answer.page;
  const canonical = bottlingPath(locale, bottling);
  if (params.ref !== `${bottling.id}-${bottling.slug}`) throw redirect(withSearch(canonical, request), 301);
  const [watching, definitions] = await Promise.all([
    user ? services.bottlings.isWatching(user.id, bottling.id) : false,
    services.listings.attributes.definitionsFor(bottling.categoryId),
  ]);
  return {
    ...answer.page,
    // A cigar's bottling has no fill level: its results table has no such column.
    fillLevels: definitions.some((definition) => definition.key === FILL_LEVEL_KEY),
    paged: before !== undefined,
    signedIn: Boolean(user),
    watching,
    locale,
    origin: config.publicUrl,
    now: new Date().toISOString(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const id = idOf(params.ref);
  if (!id) throw data(null, { status: 404 });
  if (!user)
    throw redirect(
      `${localePath("account", locale)}?redirect=${encodeURIComponent(new URL(request.url).pathname)}`,
    );
  const parsed = BottlingWatchSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  if (parsed.data.intent === "unwatch") await services.bottlings.unwatch(user.id, id);
  else if (!(await services.bottlings.watch(user.id, id)).ok) throw data(null, { status: 404 });
  if (parsed.data.back) throw redirect(parsed.data.back);
  return { ok: true };
}

export const handle = {
  alternates: (loaderData: Awaited<ReturnType<typeof loader>> | undefined) =>
    loaderData
      ? { cs: bottlingPath("cs", loaderData.bottling), en: bottlingPath("en", loaderData.bottling) }
      : null,
};

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { bottling, locale, origin, attributes, photos, onSale } = loaderData;
  const path = bottlingPath(locale, bottling);
  const facts = attributes.map((a) => `${a.label}: ${a.value}`).join(", ");
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: bottling.name,
    url: absoluteUrl(origin, path),
    ...(bottling.brandName ? { brand: { "@type": "Brand", name: bottling.brandName } } : {}),
    ...(photos.length > 0 ? { image: photos.map((p) => absoluteUrl(origin, p.src)) } : {}),
    additionalProperty: attributes.map((a) => ({
      "@type": "PropertyValue",
      propertyID: a.key,
      name: a.label,
      value: a.value,
    })),
  };
  const prices = onSale.flatMap((card) => (card.priceMinor === null ? [] : [card.priceMinor]));
  if (prices.length > 0)
    product.offers = {
      "@type": "AggregateOffer",
      priceCurrency: "CZK",
      lowPrice: (Math.min(...prices) / 100).toFixed(2),
      highPrice: (Math.max(...prices) / 100).toFixed(2),
      offerCount: prices.length,
    };
  return seoMeta({
    origin,
    locale,
    title: bottling.name,
    description: facts || bottling.name,
    path,
    alternates: { cs: bottlingPath("cs", bottling), en: bottlingPath("en", bottling) },
    image: photos[0]?.src,
    imageAlt: bottling.name,
    jsonLd: [
      product,
      breadcrumbJsonLd(origin, [
        { name: translate(locale, "product.home"), path: localePath("home", locale) },
        { name: translate(locale, "bottlings.title"), path: localePath("bottlings", locale) },
        { name: bottling.name, path },
      ]),
    ],
  });
}

type Data = Route.ComponentProps["loaderData"];

function Photos({ photos }: { photos: Data["photos"] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="bottling-photos" className="flex flex-col gap-3">
      <h2 id="bottling-photos" className="font-serif text-2xl text-primary-dark">
        {t("bottlings.page.photos")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4" data-testid="bottling-photos">
        {photos.map((photo) => (
          <li key={photo.src}>
            <a href={photo.url} className="block overflow-hidden rounded-lg border border-line bg-white">
              <img
                src={photo.src}
                alt={t("bottlings.page.photoOf", { name: photo.alt })}
                loading="lazy"
                className="aspect-square w-full object-contain"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Starší výsledky" and back to the newest: plain links, so paging works without scripts. */
function ResultsPager({ data: page }: { data: Data }) {
  const { t, locale } = useTranslation();
  if (page.older === null && !page.paged) return null;
  const path = bottlingPath(locale, page.bottling);
  const link =
    "inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold text-primary-dark hover:border-primary-dark";
  return (
    <nav aria-label={t("bottlings.page.resultsPage")} className="flex flex-wrap gap-3">
      {page.paged ? (
        <a href={`${path}#bottling-results-title`} className={link} data-testid="bottling-results-newest">
          {t("bottlings.page.newest")}
        </a>
      ) : null}
      {page.older !== null ? (
        <a
          href={`${path}?starsi=${page.older}#bottling-results-title`}
          className={link}
          rel="nofollow"
          data-testid="bottling-results-older"
        >
          {t("bottlings.page.older")} →
        </a>
      ) : null}
    </nav>
  );
}

function Results({ data: page }: { data: Data }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="bottling-results-title" className="flex flex-col gap-3">
      <h2 id="bottling-results-title" className="font-serif text-2xl text-primary-dark">
        {t("bottlings.page.results")}
      </h2>
      {page.results.length === 0 && page.pricePoints.length === 0 ? (
        <p className="text-muted" data-testid="bottling-no-results">
          {t("bottlings.page.noResults")}
        </p>
      ) : (
        <>
          <h3 className="font-semibold text-ink">{t("bottlings.page.chart")}</h3>
          <PriceChart points={page.pricePoints} name={page.bottling.name} />
          <ResultsTable results={page.results} fillLevels={page.fillLevels} />
          <ResultsPager data={page} />
        </>
      )}
    </section>
  );
}

export default function BottlingPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { bottling, attributes, onSale } = loaderData;
  return (
    <div className="container-page flex flex-col gap-8 py-6" data-testid="bottling-page">
      <Breadcrumbs
        items={[
          { name: t("product.home"), url: localePath("home", locale) },
          { name: t("bottlings.title"), url: localePath("bottlings", locale) },
        ]}
        current={bottling.name}
      />
      <header className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
        <div>
          {bottling.brandName ? (
            <p className="text-xs font-semibold tracking-[0.2em] text-[#7d6224] uppercase">
              {bottling.brandName}
            </p>
          ) : null}
          <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl" data-testid="bottling-name">
            {bottling.name}
          </h1>
          {/* Live offers first: every listing ever linked alone read as offers nobody makes now. */}
          <p className="mt-1 text-sm text-muted" data-testid="bottling-counts">
            <span className={loaderData.onSaleCount > 0 ? "font-semibold text-ink" : undefined}>
              {t("bottlings.onSaleNow", { count: loaderData.onSaleCount })}
            </span>{" "}
            · {t("bottlings.listings", { count: bottling.listingCount })} ·{" "}
            {t("bottlings.watchers", { count: bottling.watcherCount })}
          </p>
        </div>
        <WatchButton signedIn={loaderData.signedIn} watching={loaderData.watching} />
      </header>
      <section
        aria-labelledby="bottling-attributes-title"
        className="rounded-xl border border-line bg-white p-5"
      >
        <h2 id="bottling-attributes-title" className="mb-3 font-serif text-2xl text-primary-dark">
          {t("bottlings.page.attributes")}
        </h2>
        <AttributeTable rows={attributes} />
      </section>
      <Photos photos={loaderData.photos} />
      <section aria-labelledby="bottling-on-sale" className="flex flex-col gap-3">
        <h2 id="bottling-on-sale" className="font-serif text-2xl text-primary-dark">
          {t("bottlings.page.onSale")}
        </h2>
        {onSale.length === 0 ? (
          <p className="text-muted">{t("bottlings.page.noneOnSale")}</p>
        ) : (
          <ProductGrid products={onSale} now={loaderData.now} headingLevel="h3" />
        )}
        {loaderData.moreOnSale ? (
          <p className="text-sm text-muted" data-testid="bottling-more-on-sale">
            {t("bottlings.page.moreOnSale", { count: onSale.length })}
          </p>
        ) : null}
      </section>
      <Results data={loaderData} />
    </div>
  );
}
