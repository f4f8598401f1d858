import { data, Form, Link, useNavigation } from "react-router";
import { Countdown } from "#app/components/product/countdown.tsx";
import { pluralKey, usePriceFormatter } from "#app/components/product/format.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/watch";

export const middleware = named("auth");

const NOTE_MAX = 500;

/** The signed-in user's watched products (wishlist) with each one's state and the user's note. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  // The auth middleware guarantees a user.
  const wishlist = await services.wishlist.getForUser(user!.id, locale);
  const items = wishlist?.items ?? [];
  const states = await services.productPages.productStates(items.map((item) => item.product.id));
  return {
    serverNow: new Date().toISOString(),
    items: items.map((item) => ({
      id: item.id,
      note: item.note,
      product: item.product,
      state: states[item.product.id] ?? null,
    })),
  };
}

/**
 * Remove an item, or save its note. A too long note answers 422 with the field's error; a refusal
 * of the wishlist service answers with the spec's `wishlist.*` danger text.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  const form = await request.formData();
  const productId = Number(form.get("productId"));
  const intent = String(form.get("intent") ?? "");
  if (!Number.isSafeInteger(productId) || productId <= 0 || (intent !== "remove" && intent !== "note"))
    throw data(null, { status: 400 });
  const failed = (key: MessageKey, status = 409) =>
    data(
      { ok: false as const, intent, productId, error: translate(locale, key, { max: NOTE_MAX }) },
      { status },
    );
  const note = intent === "note" ? String(form.get("note") ?? "") : null;
  if (note !== null && note.length > NOTE_MAX) return failed("product.watch.noteTooLong", 422);

  const wishlist = await services.wishlist.getForUser(user!.id, locale);
  if (!wishlist) return failed(intent === "remove" ? "wishlist.remove" : "wishlist.add");
  const result = await services.wishlist.updateItem(
    wishlist.temp_id,
    user!.id,
    note === null ? { productId, remove: true } : { productId, note },
    locale,
  );
  if (result.status !== "ok") return failed(intent === "remove" ? "wishlist.remove" : "wishlist.add");
  return { ok: true as const, intent, productId, error: null };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("product.watch.title"),
    description: t("product.watch.intro"),
    noindex: true,
  }));
}

const STATE_TONE: Record<string, string> = {
  active: "bg-success/10 text-[#1f5c44] ring-success/30",
  scheduled: "bg-primary/10 text-primary-dark ring-primary/30",
  ended: "bg-ink/5 text-muted ring-ink/15",
  sold: "bg-primary-dark/10 text-primary-dark ring-primary-dark/25",
  cancelled: "bg-danger/10 text-danger ring-danger/25",
};

export default function WatchedProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, serverNow } = loaderData;
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const navigation = useNavigation();
  const busy = (productId: number) =>
    navigation.state !== "idle" && navigation.formData?.get("productId") === String(productId);

  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section data-testid="watch-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("product.watch.title")}</h1>
      <p className="mt-2 text-muted">
        {items.length > 0
          ? t(pluralKey(locale, "product.watch.count", items.length), { count: items.length })
          : t("product.watch.intro")}
      </p>

      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white p-8 text-center ring-1 ring-line" data-testid="watch-empty">
          <p className="font-serif text-xl text-ink">{t("product.watch.empty")}</p>
          <p className="mt-2 text-sm text-muted">{t("product.watch.emptyHint")}</p>
          <Link
            to={localePath("dailyAuctions", locale)}
            className="mt-5 inline-flex rounded-lg bg-primary-dark px-5 py-3 font-semibold text-white hover:bg-[#173d42]"
          >
            {t("product.watch.browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {items.map((item) => {
            const state = item.state;
            const status = state?.status ?? "ended";
            const live = status === "active";
            const error =
              actionData && !actionData.ok && actionData.productId === item.product.id
                ? actionData.error
                : null;
            const noteError = actionData?.intent === "note" ? error : null;
            const removeError = actionData?.intent === "remove" ? error : null;
            return (
              <li
                key={item.id}
                className={`flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-line tablet:p-5 ${live ? "" : "opacity-90"}`}
                data-testid="watch-item"
                data-product-id={item.product.id}
                data-status={status}
              >
                <Link to={item.product.url} className="shrink-0" tabIndex={-1} aria-hidden="true">
                  <span
                    className={`grid size-20 place-items-center overflow-hidden rounded-xl bg-light ring-1 ring-line tablet:size-28 ${live ? "" : "grayscale"}`}
                  >
                    {item.product.image ? (
                      <ResponsiveImage
                        src={item.product.image}
                        alt=""
                        width={112}
                        height={112}
                        sizes="(min-width: 768px) 126px, 90px"
                        widths={[160, 320]}
                        className="size-full object-contain p-1.5"
                      />
                    ) : null}
                  </span>
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_TONE[status] ?? STATE_TONE.ended}`}
                      data-testid="watch-state"
                    >
                      {t(`product.status.${status}`)}
                    </span>
                    {state ? (
                      <span className="text-xs text-muted">{t(`product.format.${state.format}`)}</span>
                    ) : null}
                  </div>
                  <Link
                    to={item.product.url}
                    className="font-serif text-lg leading-snug text-ink hover:text-primary-dark hover:underline tablet:text-xl"
                  >
                    {item.product.name}
                  </Link>
                  <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm">
                    <span className="font-semibold text-primary-dark">
                      {item.product.price === null ? t("common.byAgreement") : price(item.product.price)}
                    </span>
                    {state?.format === "auction" ? (
                      <span className="text-muted">
                        {state.bidCount > 0
                          ? t(pluralKey(locale, "product.auction.bids", state.bidCount), {
                              count: state.bidCount,
                            })
                          : t("product.auction.noBids")}
                      </span>
                    ) : null}
                    {live && state?.format === "auction" && state.endsAt ? (
                      <span className="text-muted">
                        {t("product.watch.endsIn")}{" "}
                        <Countdown
                          endsAt={state.endsAt}
                          serverNow={serverNow}
                          className="font-semibold text-ink"
                        />
                      </span>
                    ) : null}
                  </div>

                  {item.note ? (
                    <p
                      className="rounded-lg bg-light px-3 py-2 text-sm ring-1 ring-line"
                      data-testid="watch-note"
                    >
                      <span className="font-semibold text-muted">{t("product.watch.note")}: </span>
                      {item.note}
                    </p>
                  ) : null}

                  <div className="mt-1 flex flex-wrap items-start gap-3">
                    <details className="group min-w-[10rem] flex-1" open={Boolean(noteError)}>
                      <summary className="cursor-pointer list-none py-1.5 text-sm font-medium whitespace-nowrap text-primary-dark hover:underline">
                        {item.note ? t("product.watch.editNote") : t("product.watch.addNote")}
                      </summary>
                      <Form method="post" className="mt-2 flex flex-col gap-2 tablet:flex-row">
                        <input type="hidden" name="productId" value={item.product.id} />
                        <input type="hidden" name="intent" value="note" />
                        <label className="sr-only" htmlFor={`note-${item.id}`}>
                          {t("product.watch.note")}
                        </label>
                        <input
                          id={`note-${item.id}`}
                          name="note"
                          defaultValue={item.note ?? ""}
                          maxLength={NOTE_MAX}
                          aria-invalid={noteError ? true : undefined}
                          aria-describedby={noteError ? `note-error-${item.id}` : undefined}
                          className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2 text-sm focus:border-primary-dark focus:outline-none"
                        />
                        <button
                          type="submit"
                          disabled={busy(item.product.id)}
                          className="rounded-lg bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#173d42] disabled:opacity-60"
                        >
                          {t("product.watch.saveNote")}
                        </button>
                      </Form>
                      {noteError ? (
                        <p id={`note-error-${item.id}`} className="mt-1 text-sm text-danger">
                          {noteError}
                        </p>
                      ) : null}
                    </details>
                    <Form method="post">
                      <input type="hidden" name="productId" value={item.product.id} />
                      <input type="hidden" name="intent" value="remove" />
                      <button
                        type="submit"
                        disabled={busy(item.product.id)}
                        className="rounded-lg px-3 py-1.5 text-sm font-medium text-danger ring-1 ring-danger/30 hover:bg-danger/5 disabled:opacity-60"
                        data-testid="watch-remove"
                        aria-label={t("product.watch.removeLabel", { name: item.product.name })}
                      >
                        {t("product.watch.remove")}
                      </button>
                    </Form>
                  </div>
                  {removeError ? (
                    <p role="alert" className="text-sm text-danger" data-testid="watch-error">
                      {removeError}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
