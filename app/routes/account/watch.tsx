import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { WatchedBottlings } from "#app/features/bottlings/watched-bottlings.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { Countdown } from "#app/ui/countdown.tsx";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import {
  WatchActionSchema,
  WatchNoteSchema,
  WatchProductSchema,
  WISHLIST_NOTE_MAX,
} from "#core/schemas/wishlist.ts";
import type { Route } from "./+types/watch";

export const middleware = named("auth");

/** The signed-in user's watched products (wishlist) with each one's state and the user's note. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context.get(appContext);
  // The auth middleware guarantees a user.
  const wishlist = await services.wishlist.getForUser(user!.id, locale);
  const items = wishlist?.items ?? [];
  const states = await services.productPages.productStates(items.map((item) => item.product.id));
  return {
    serverNow: new Date().toISOString(),
    // The bottlings watched (issue 37, item 6), listed under the products.
    bottlings: await services.bottlings.watchesOf(user!.id, locale),
    items: items.map((item) => ({
      id: item.id,
      note: item.note,
      product: item.product,
      state: states[item.product.id] ?? null,
    })),
  };
}

type WatchActionData =
  | { ok: true; intent: "note" | "remove"; productId: number; error: null }
  | { ok: false; intent: "note" | "remove"; productId: number; error: string; result?: FormReply };

/**
 * Remove an item, or save its note, read through core/schemas/wishlist.ts. A too long note
 * answers 422 with the field's error; a refusal of the wishlist service answers with its
 * `wishlist.*` danger text (docs/product/calls-and-errors.md, "Error catalogue").
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale, user } = context.get(appContext);
  const submission = parseForm(await request.formData(), WatchActionSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const input = submission.value;
  const { intent, productId } = input;
  const failed = (key: MessageKey, status = 409) =>
    data<WatchActionData>(
      { ok: false, intent, productId, error: translate(locale, key, { max: WISHLIST_NOTE_MAX }) },
      { status },
    );
  if (input.intent === "note" && input.note.length > WISHLIST_NOTE_MAX) {
    const error = translate(locale, "product.watch.noteTooLong", { max: WISHLIST_NOTE_MAX });
    const result = submission.reply({ fieldErrors: { note: [error] } }) as FormReply;
    return data<WatchActionData>({ ok: false, intent, productId, error, result }, { status: 422 });
  }
  const wishlist = await services.wishlist.getForUser(user!.id, locale);
  if (!wishlist) return failed(intent === "remove" ? "wishlist.remove" : "wishlist.add");
  const result = await services.wishlist.updateItem(
    wishlist.temp_id,
    user!.id,
    input.intent === "remove" ? { productId, remove: true } : { productId, note: input.note },
    locale,
  );
  if (!result.ok) return failed(intent === "remove" ? "wishlist.remove" : "wishlist.add");
  return { ok: true, intent, productId, error: null } satisfies WatchActionData;
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
          {items.map((item) => (
            <WatchItem
              key={item.id}
              item={item}
              serverNow={serverNow}
              answer={
                actionData && !actionData.ok && actionData.productId === item.product.id ? actionData : null
              }
            />
          ))}
        </ul>
      )}
      <WatchedBottlings items={loaderData.bottlings} />
    </section>
  );
}

type Item = Route.ComponentProps["loaderData"]["items"][number];
type Refusal = Extract<WatchActionData, { ok: false }>;

/** One watched product: its picture, state, name, price or auction, the note and the buttons. */
function WatchItem({ item, serverNow, answer }: { item: Item; serverNow: string; answer: Refusal | null }) {
  const { t } = useTranslation();
  const status = item.state?.status ?? "ended";
  const live = status === "active";
  const removeError = answer?.intent === "remove" ? answer.error : null;
  return (
    <li
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
        <WatchFacts item={item} serverNow={serverNow} />
        {item.note ? (
          <p className="rounded-lg bg-light px-3 py-2 text-sm ring-1 ring-line" data-testid="watch-note">
            <span className="font-semibold text-muted">{t("product.watch.note")}: </span>
            {item.note}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-start gap-3">
          <NoteForm item={item} answer={answer?.intent === "note" ? answer : null} />
          <RemoveButton item={item} />
        </div>
        {removeError ? (
          <p role="alert" className="text-sm text-danger" data-testid="watch-error">
            {removeError}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The state and format, the name, the price, the bids and the time left of an auction. */
function WatchFacts({ item, serverNow }: { item: Item; serverNow: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const state = item.state;
  const status = state?.status ?? "ended";
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE_TONE[status] ?? STATE_TONE.ended}`}
          data-testid="watch-state"
        >
          {t(`product.status.${status}`)}
        </span>
        {state ? <span className="text-xs text-muted">{t(`product.format.${state.format}`)}</span> : null}
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
              ? t(pluralKey(locale, "product.auction.bids", state.bidCount), { count: state.bidCount })
              : t("product.auction.noBids")}
          </span>
        ) : null}
        {status === "active" && state?.format === "auction" && state.endsAt ? (
          <span className="text-muted">
            {t("product.watch.endsIn")}{" "}
            <Countdown endsAt={state.endsAt} serverNow={serverNow} className="font-semibold text-ink" />
          </span>
        ) : null}
      </div>
    </>
  );
}

/** Whether the page is sending a form about this product (its buttons wait). */
function useBusy(productId: number) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  const sent = parseWithZod(navigation.formData, { schema: WatchProductSchema });
  return sent.status === "success" && sent.value.productId === productId;
}

/** The item's note (bound to the note schema), folded; a refused note opens it with the reason. */
function NoteForm({ item, answer }: { item: Item; answer: Refusal | null }) {
  const { t } = useTranslation();
  const busy = useBusy(item.product.id);
  const [form] = useSchemaForm(WatchNoteSchema, answer?.result, { id: `note-form-${item.id}` });
  const error = form.allErrors.note?.join(" ") ?? answer?.error ?? null;
  return (
    <details className="group min-w-[10rem] flex-1" open={Boolean(error)}>
      <summary className="cursor-pointer list-none py-1.5 text-sm font-medium whitespace-nowrap text-primary-dark hover:underline">
        {item.note ? t("product.watch.editNote") : t("product.watch.addNote")}
      </summary>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-2 flex flex-col gap-2 tablet:flex-row"
      >
        <input type="hidden" name="productId" value={item.product.id} />
        <input type="hidden" name="intent" value="note" />
        <label className="sr-only" htmlFor={`note-${item.id}`}>
          {t("product.watch.note")}
        </label>
        <input
          id={`note-${item.id}`}
          name="note"
          defaultValue={item.note ?? ""}
          maxLength={WISHLIST_NOTE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `note-error-${item.id}` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2 text-sm focus:border-primary-dark focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#173d42] disabled:opacity-60"
        >
          {t("product.watch.saveNote")}
        </button>
      </Form>
      {error ? (
        <p id={`note-error-${item.id}`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </details>
  );
}

function RemoveButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const busy = useBusy(item.product.id);
  return (
    <Form method="post">
      <input type="hidden" name="productId" value={item.product.id} />
      <input type="hidden" name="intent" value="remove" />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg px-3 py-1.5 text-sm font-medium text-danger ring-1 ring-danger/30 hover:bg-danger/5 disabled:opacity-60"
        data-testid="watch-remove"
        aria-label={t("product.watch.removeLabel", { name: item.product.name })}
      >
        {t("product.watch.remove")}
      </button>
    </Form>
  );
}
